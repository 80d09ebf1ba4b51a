import type { ApiClient, ScreenDef, ScreenQuery } from '@gw/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ResourceListState<Row> {
  rows: Row[];
  total: number;
  /** The query of the rows on screen (not of the request in flight). */
  shown?: ScreenQuery;
  loading: boolean;
  updatedAt?: number;
}

/** One server page of a screen's list for the query; reloads on change, on demand and on a timer. */
export function useResourceList<Row>(
  screen: ScreenDef<Row, unknown, unknown>,
  client: ApiClient,
  query: ScreenQuery,
  onError: (error: unknown) => void,
  refreshSeconds: number,
) {
  const [state, setState] = useState<ResourceListState<Row>>({ rows: [], total: 0, loading: true });
  const latest = useRef(0);
  const errorRef = useRef(onError);
  errorRef.current = onError;
  const queryKey = JSON.stringify(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is compared by its JSON
  const reload = useCallback(async () => {
    const request = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const page = await screen.list(client, query);
      if (request !== latest.current) return;
      setState({
        rows: page.data,
        total: page.total_count,
        shown: query,
        loading: false,
        updatedAt: Date.now(),
      });
    } catch (error) {
      if (request !== latest.current) return;
      setState((previous) => ({ ...previous, loading: false }));
      errorRef.current(error);
    }
  }, [screen, client, queryKey]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useEffect(() => {
    if (refreshSeconds <= 0) return;
    const timer = setInterval(() => void reload(), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [reload, refreshSeconds]);

  return { ...state, pages: Math.max(1, Math.ceil(state.total / query.size)), reload };
}
