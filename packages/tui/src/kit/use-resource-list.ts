import type { ApiClient, ScreenDef, ScreenQuery } from '@gw/core';
import { type LiveReloadOptions, useLiveReload } from './use-live-reload.js';

export interface ResourceListState<Row> {
  rows: Row[];
  total: number;
  /** The query of the rows on screen (not of the request in flight). */
  shown?: ScreenQuery;
  loading: boolean;
  updatedAt?: number;
}

/**
 * One server page of a screen's list for the query; reloads on change, on demand and on the live
 * timer (the kit's `useLiveReload`; the list reads `r` and `p` with its other keys).
 */
export function useResourceList<Row>(
  screen: ScreenDef<Row, unknown, unknown>,
  client: ApiClient,
  query: ScreenQuery,
  options: Omit<LiveReloadOptions, 'keys'>,
) {
  const queryKey = JSON.stringify(query);
  const live = useLiveReload(
    async () => ({ page: await screen.list(client, query), query }),
    // Another screen (or tab of one) is another list, even for the same query.
    `${screen.id}#${screen.tab?.id ?? ''} ${queryKey}`,
    options,
  );
  const page = live.data?.page;
  return {
    rows: page?.data ?? [],
    total: page?.total_count ?? 0,
    shown: live.data?.query,
    loading: live.loading,
    updatedAt: live.updatedAt,
    pages: Math.max(1, Math.ceil((page?.total_count ?? 0) / query.size)),
    reload: live.reload,
    paused: live.paused,
    setPaused: live.setPaused,
    refresh: live.refresh,
  };
}
