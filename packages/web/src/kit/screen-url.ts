import {
  PAGE_SIZES,
  type ScreenDef,
  type ScreenQuery,
  screenQueryFromParams,
  screenQueryToParams,
} from '@gw/core';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { readPageSize, writePageSize } from '../lib/storage';

type UrlScreen = Pick<ScreenDef<unknown>, 'filters' | 'defaultOrder' | 'pageSizeKey' | 'pageSizes'>;

/**
 * A screen's list query kept in the URL (filters, page, size, order), so a reload or a shared link
 * shows the same view; the page size otherwise falls back to the one remembered for this table.
 */
export function useScreenQuery(screen: UrlScreen) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // The hash names the tab a screen is drawn in (`#gateway`); a new query keeps it.
  const { hash } = useLocation();
  const sizes = screen.pageSizes ?? PAGE_SIZES;
  const remembered = readPageSize(screen.pageSizeKey, sizes[0] ?? PAGE_SIZES[0], sizes);
  const paramsText = params.toString();
  const query = useMemo(
    () => screenQueryFromParams(screen, new URLSearchParams(paramsText), remembered),
    [screen, paramsText, remembered],
  );
  const setQuery = useCallback(
    (next: ScreenQuery) => {
      // Only a size chosen here is remembered, not one that came with a shared link.
      if (next.size !== query.size) writePageSize(screen.pageSizeKey, next.size);
      const fallback = readPageSize(screen.pageSizeKey, sizes[0] ?? PAGE_SIZES[0], sizes);
      const search = screenQueryToParams(screen, next, fallback).toString();
      navigate({ search: search ? `?${search}` : '', hash });
    },
    [screen, sizes, query.size, navigate, hash],
  );
  return { query, setQuery };
}
