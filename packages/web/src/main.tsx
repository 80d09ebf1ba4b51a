import 'virtual:blueprint-critical.css';
import './styles.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createWebI18n } from './lib/i18n';
import { installIconLoader, preloadMenuIcons } from './lib/icons';
import { detectBrowserLanguage } from './lib/language';
import { readCachedSiteInfo, readTheme } from './lib/storage';

installIconLoader();
// The sign-in page and the console draw the sidebar next: fetch its icons now, not one by one later.
if (/^\/(panel|login)/.test(window.location.pathname)) preloadMenuIcons();
// The saved theme applies before the first paint, so a dark console never flashes light.
document.body.classList.toggle('bp6-dark', readTheme() === 'dark');
// The server's default language (last known copy) comes after every browser source.
const language = detectBrowserLanguage(readCachedSiteInfo()?.language);
// The page says its language from the first paint (index.html says zh-CN until told otherwise).
document.documentElement.lang = language.replace('_', '-');
const root = document.getElementById('root');
void createWebI18n(language).then((i18n) => {
  if (root) createRoot(root).render(<App i18n={i18n} initialLanguage={language} />);
});
