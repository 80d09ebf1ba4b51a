import type { Translate } from '@gw/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The current language's translator, typed as core's `Translate` so core helpers accept it. */
export function useT(): Translate {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language change must yield a new function
  return useMemo<Translate>(() => (key, params) => t(key, params ?? {}) as string, [t, i18n.language]);
}
