import { DEFAULT_QUOTA_DISPLAY, type QuotaDisplay, quotaDisplayFromStatus } from '@gw/core';
import { useMemo } from 'react';
import { useApp } from './app-context';

// Kept apart from app-context so the money maths (decimal.js) loads with the screens that show quota.
/** How quota is shown on this site (status settings, defaults while loading). */
export function useQuotaDisplay(): QuotaDisplay {
  const { site } = useApp();
  return useMemo(() => (site ? quotaDisplayFromStatus(site) : DEFAULT_QUOTA_DISPLAY), [site]);
}
