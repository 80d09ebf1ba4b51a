// The load / live refresh / `r` reload / `p` pause block every live screen shares (dashboard, system
// info, analytics, the lists and logs): one place, so the screens behave alike.
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import type { RefreshState } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';

export interface LiveReloadOptions {
  /** Seconds between automatic reloads; 0 (or less) turns live refresh off. */
  refreshSeconds: number;
  /** False while the timer must rest (a form or an overlay is open); reloads by key still work. */
  live?: boolean;
  /** Where a failed read is told; the data on screen stays as it was. */
  onError: (error: unknown) => void;
  /** Whether `r` reloads and `p` pauses here (a list reads those keys with its others). */
  keys?: boolean;
}

export interface LiveReload<T> {
  /** The last successful read; undefined until the first one. */
  data: T | undefined;
  loading: boolean;
  updatedAt?: number;
  paused: boolean;
  setPaused: Dispatch<SetStateAction<boolean>>;
  reload: () => Promise<void>;
  /** What the header shows (loading, time of the last read, paused). */
  refresh: RefreshState;
}

/**
 * Reads `load` now, again whenever `loadKey` changes, every `refreshSeconds` while live and not
 * paused, and on `reload()` (`r`). A read started later wins over one still in flight, so a slow old
 * answer never replaces a newer one. `load` may change every render; the latest one is used.
 */
export function useLiveReload<T>(
  load: () => Promise<T>,
  loadKey: string,
  { refreshSeconds, live = true, onError, keys = false }: LiveReloadOptions,
): LiveReload<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [updatedAt, setUpdatedAt] = useState<number>();
  const [paused, setPaused] = useState(false);
  // The callers' functions change between renders; refs keep `reload` (and its timer) stable.
  const loadRef = useRef(load);
  loadRef.current = load;
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const latest = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadKey names what the load reads
  const reload = useCallback(async () => {
    const request = ++latest.current;
    setLoading(true);
    try {
      const next = await loadRef.current();
      if (request !== latest.current) return;
      setData(next);
      setUpdatedAt(Date.now());
      setLoading(false);
    } catch (error) {
      if (request !== latest.current) return;
      setLoading(false);
      errorRef.current(error);
    }
  }, [loadKey]);

  useEffect(() => {
    void reload();
  }, [reload]);
  const ticking = live && !paused && refreshSeconds > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => void reload(), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [reload, ticking, refreshSeconds]);
  useKeys((input, key) => {
    if (key.ctrl || key.meta) return;
    if (input === 'r') void reload();
    else if (input === 'p') setPaused((current) => !current);
  }, keys);

  return {
    data,
    loading,
    updatedAt,
    paused,
    setPaused,
    reload,
    refresh: { loading, updatedAt, paused: paused && refreshSeconds > 0 },
  };
}
