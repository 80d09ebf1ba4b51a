import { ApiClient, SessionStore, type SiteStatus, type StoredUser } from '@gw/core';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/** What every screen reaches: the API client, the session and the site information. */
export interface AppServices {
  client: ApiClient;
  session: SessionStore;
  /** undefined while `/api/status` is loading and no cached copy exists. */
  site: SiteStatus | undefined;
  /** Re-reads `/api/status` (after a setting changed); absent where no server is behind the client. */
  reloadSite?: () => Promise<void>;
}

const AppContext = createContext<AppServices | null>(null);

/** Creates the browser's client and session: same-origin API, a 401 forgets the stored user. */
export function createBrowserServices(language: () => string): Omit<AppServices, 'site'> {
  const session = new SessionStore(localStorage);
  const client = new ApiClient({
    baseUrl: '',
    fetch: (url, init) => fetch(url, init),
    onUnauthorized: () => session.clear(),
    language,
  });
  return { client, session };
}

/** Provides the services to the tree. */
export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppContext.Provider value={services}>{children}</AppContext.Provider>;
}

/** The app's services; throws outside the provider. */
export function useApp(): AppServices {
  const services = useContext(AppContext);
  if (!services) throw new Error('useApp outside AppProvider');
  return services;
}

/** The signed-in user, re-rendering on sign-in and sign-out. */
export function useUser(): StoredUser | undefined {
  const { session } = useApp();
  return useSyncExternalStore(
    (listener) => session.subscribe(listener),
    () => session.user,
  );
}
