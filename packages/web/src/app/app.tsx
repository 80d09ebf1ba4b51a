import { Classes } from '@blueprintjs/core';
import type { Language, SiteStatus } from '@gw/core';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { switchLanguage } from '../lib/i18n';
import { saveLanguage } from '../lib/language';
import { readCachedSiteInfo, readTheme, type ThemeName, writeTheme } from '../lib/storage';
import { AppProvider, createBrowserServices } from './app-context';
import { loadSiteInfo, reloadSiteInfo } from './boot';
import { PreferencesProvider } from './preferences';
import { AppRoutes } from './routes';

// Toasts are never needed for the first paint; their overlay code loads right after it.
const ToastHost = lazy(() => import('./toast-host').then((module) => ({ default: module.ToastHost })));

/** The console's root: services, preferences, i18n, toasts and routes. */
export function App({ i18n, initialLanguage }: { i18n: I18n; initialLanguage: Language }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const core = useMemo(() => createBrowserServices(() => i18n.language), [i18n]);
  const [site, setSite] = useState<SiteStatus | undefined>(() => readCachedSiteInfo());
  const [theme, setTheme] = useState<ThemeName>(() => readTheme());

  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
  }, [theme]);

  // The page says which language it is in: the browser then picks Latin glyphs for English
  // punctuation (a zh-CN page drew ’ full-width, leaving gaps), and screen readers the right voice.
  useEffect(() => {
    document.documentElement.lang = language.replace('_', '-');
  }, [language]);

  useEffect(() => {
    void loadSiteInfo(core.client, (key, params) => i18n.t(key, params ?? {})).then(setSite);
  }, [core, i18n]);

  const reloadSite = useMemo(
    () => async () => {
      setSite(await reloadSiteInfo(core.client));
    },
    [core],
  );

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
        void switchLanguage(i18n, next).then(() => setLanguageState(next));
      },
    }),
    [theme, language, i18n],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider value={preferences}>
        <AppProvider services={{ ...core, site, reloadSite }}>
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProvider>
      </PreferencesProvider>
    </I18nextProvider>
  );
}
