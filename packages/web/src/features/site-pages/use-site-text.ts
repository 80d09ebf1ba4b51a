import { type ApiClient, classifySiteContent } from '@gw/core';
import { useEffect, useState } from 'react';
import { showError } from '../../lib/toasts';
import type { Translate } from '@gw/core';

export interface SiteText {
  /** The text as last known: the cached copy at first, the server's once it answered. */
  text: string | undefined;
  failed: boolean;
}

/**
 * A site text (home page, about) per console-screens §12.1–12.2: the cached copy shows at once, the
 * server's answer replaces and re-caches it; a failure toasts and is reported for an inline message.
 */
export function useSiteText(
  client: ApiClient,
  cacheKey: string,
  load: (client: ApiClient) => Promise<string>,
  t: Translate,
) {
  const [state, setState] = useState<SiteText>(() => ({ text: readCached(cacheKey), failed: false }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per page visit; t only words the toast
  useEffect(() => {
    let live = true;
    load(client)
      .then((text) => {
        if (!live) return;
        writeCached(cacheKey, text);
        setState({ text, failed: false });
      })
      .catch((error: unknown) => {
        if (!live) return;
        showError(error, t);
        setState((current) => ({ ...current, failed: true }));
      });
    return () => {
      live = false;
    };
  }, [client, cacheKey, load]);
  return { ...state, content: classifySiteContent(state.text) };
}

function readCached(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function writeCached(key: string, text: string): void {
  try {
    localStorage.setItem(key, text);
  } catch {
    // A full or blocked storage only costs the instant first paint next time.
  }
}
