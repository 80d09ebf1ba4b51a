import { ApiClient, createI18n, memoryStorage, SessionStore, type SiteStatus, statusSchema } from '@gw/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { AppProvider } from '../app/app-context';
import { PreferencesProvider } from '../app/preferences';

interface RenderOptions {
  path?: string;
  role?: number;
  site?: Partial<SiteStatus>;
}

/** Renders a component inside the app's providers, in English, with a real in-memory session. */
export function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const session = new SessionStore(memoryStorage());
  if (options.role !== undefined)
    session.setUser({ id: 1, username: 'alice', display_name: '', avatar_url: '', role: options.role });
  const client = new ApiClient({
    baseUrl: 'http://127.0.0.1:9',
    fetch: () => Promise.reject(new Error('no server in component tests')),
  });
  const site = statusSchema.parse({ system_name: 'Test Gateway', ...options.site });
  const i18n = createI18n('en_US');
  const preferences = {
    theme: 'light' as const,
    toggleTheme: () => {},
    language: 'en_US' as const,
    setLanguage: () => {},
  };
  return render(
    <I18nextProvider i18n={i18n}>
      <PreferencesProvider value={preferences}>
        <AppProvider services={{ client, session, site }}>
          <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
        </AppProvider>
      </PreferencesProvider>
    </I18nextProvider>,
  );
}
