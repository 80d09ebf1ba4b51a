import type { Language } from '@gw/core';
import { createContext, type ReactNode, useContext } from 'react';
import type { ThemeName } from '../lib/storage';

/** The viewer's display choices: theme and language, each saved when changed. */
export interface Preferences {
  theme: ThemeName;
  toggleTheme: () => void;
  language: Language;
  setLanguage: (language: Language) => void;
}

const PreferencesContext = createContext<Preferences | null>(null);

/** Provides the display choices. */
export function PreferencesProvider({ value, children }: { value: Preferences; children: ReactNode }) {
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

/** The display choices; throws outside the provider. */
export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}
