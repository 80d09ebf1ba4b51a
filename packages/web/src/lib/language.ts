import { detectLanguage, LANGUAGE_QUERY_PARAM, LANGUAGE_STORAGE_KEY, type Language } from '@gw/core';

function cookieValue(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function safeStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** The browser's language by spec §1 order: query, cookie, storages, navigator, html lang, server default. */
export function detectBrowserLanguage(serverDefault?: string): Language {
  return detectLanguage({
    query: new URLSearchParams(location.search).get(LANGUAGE_QUERY_PARAM),
    cookie: cookieValue(LANGUAGE_STORAGE_KEY),
    localStorage: safeStorage(() => localStorage, LANGUAGE_STORAGE_KEY),
    sessionStorage: safeStorage(() => sessionStorage, LANGUAGE_STORAGE_KEY),
    navigator: navigator.languages ?? [navigator.language],
    htmlLang: document.documentElement.lang || null,
    serverDefault: serverDefault ?? null,
  });
}

/** Saves the chosen language and tags the page with it. */
export function saveLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language.replace('_', '-');
}
