import { type ApiClient, listTokens, type Token } from '@gw/core';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows per page: the smallest of the console's page sizes, which fits an 80×24 terminal. */
export const TOKEN_PAGE_SIZE = 10;

export interface TokenListState {
  rows: Token[];
  total: number;
  page: number;
  keyword: string;
  loading: boolean;
  updatedAt?: number;
}

/** The caller's tokens, one server page at a time, filtered by name on the server (newest first). */
export function useTokenList(client: ApiClient, onError: (error: unknown) => void, refreshSeconds: number) {
  const [query, setQuery] = useState({ page: 1, keyword: '' });
  // page and keyword here are those of the rows on screen, not of the request in flight.
  const [state, setState] = useState<TokenListState>({
    rows: [],
    total: 0,
    page: 1,
    keyword: '',
    loading: true,
  });
  const latest = useRef(0);
  const errorRef = useRef(onError);
  errorRef.current = onError;

  const reload = useCallback(async () => {
    const request = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const page = await listTokens(client, {
        page: query.page,
        size: TOKEN_PAGE_SIZE,
        keyword: query.keyword,
        order: '-id',
      });
      if (request !== latest.current) return;
      if (page.data.length === 0 && query.page > 1) {
        setQuery((previous) => ({ ...previous, page: previous.page - 1 }));
        return;
      }
      setState({
        rows: page.data,
        total: page.total_count,
        page: query.page,
        keyword: query.keyword,
        loading: false,
        updatedAt: Date.now(),
      });
    } catch (error) {
      if (request !== latest.current) return;
      setState((previous) => ({ ...previous, loading: false }));
      errorRef.current(error);
    }
  }, [client, query.page, query.keyword]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // Live refresh (k9s): reload on a timer unless the interval is 0.
  useEffect(() => {
    if (refreshSeconds <= 0) return;
    const timer = setInterval(() => void reload(), refreshSeconds * 1000);
    return () => clearInterval(timer);
  }, [reload, refreshSeconds]);

  const pages = Math.max(1, Math.ceil(state.total / TOKEN_PAGE_SIZE));
  return {
    ...state,
    pages,
    reload,
    /** Moves by `step` pages, staying within the first and last page. */
    turnPage: (step: number) =>
      setQuery((previous) => ({ ...previous, page: Math.min(pages, Math.max(1, previous.page + step)) })),
    /** Filters by a name prefix and starts again at page 1. */
    setKeyword: (keyword: string) => setQuery({ page: 1, keyword: keyword.trim() }),
  };
}
