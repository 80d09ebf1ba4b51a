import { Classes } from '@blueprintjs/core';
import { createI18n, type Language, type SiteStatus } from '@gw/core';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { detectBrowserLanguage, saveLanguage } from '../lib/language';
import { readCachedSiteInfo, readTheme, type ThemeName, writeTheme } from '../lib/storage';
import { AppProvider, createBrowserServices } from './app-context';
import { loadSiteInfo } from './boot';
import { PreferencesProvider } from './preferences';
import { AppRoutes } from './routes';
import { ToastHost } from './toast-host';

/** The console's root: services, preferences, i18n, toasts and routes. */
export function App() {
  const [language, setLanguageState] = useState<Language>(() => detectBrowserLanguage());
  // One instance for the app's life: a language change switches it rather than replacing it.
  const [i18n] = useState(() => createI18n(language));
  const core = useMemo(() => createBrowserServices(() => i18n.language), [i18n]);
  const [site, setSite] = useState<SiteStatus | undefined>(() => readCachedSiteInfo());
  const [theme, setTheme] = useState<ThemeName>(() => readTheme());

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);

  useEffect(() => {
    void loadSiteInfo(core.client, (key, params) => i18n.t(key, params ?? {})).then(setSite);
  }, [core, i18n]);

  const preferences = useMemo(
    () => ({
      theme,
      toggleTheme: () => {
        const next = theme === 'dark' ? 'light' : 'dark';
        writeTheme(next);
        setTheme(next);
      },
      language,
      setLanguage: (next: Language) => {
        saveLanguage(next);
        void i18n.changeLanguage(next);
        setLanguageState(next);
      },
    }),
    [theme, language, i18n],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider value={preferences}>
        <AppProvider services={{ ...core, site }}>
          <ToastHost />
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
