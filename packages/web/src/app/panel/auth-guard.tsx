import { getSelf, GwApiError } from '@gw/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useT } from '../../lib/use-t';
import { showError } from '../../lib/toasts';
import { useApp, useUser } from '../app-context';

/**
 * Renders the console only once the user check is done (console-screens §0.1): the server's
 * answer refreshes the stored user; a 401 has already cleared it (client onUnauthorized).
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { client, session } = useApp();
  const user = useUser();
  // Read through a ref: a language change must not send the user check again.
  const translate = useT();
  const t = useRef(translate);
  t.current = translate;
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    getSelf(client)
      .then((self) => live && session.setUser(self))
      .catch((error: unknown) => {
        // Signed out elsewhere: forget the stale copy. A network failure, a server fault or a rate limit
        // (429) keeps it: the user is still signed in and is told why the page could not refresh.
        if (!(error instanceof GwApiError)) return;
        if (error.code === 'NETWORK' || error.status === 429 || error.status >= 500)
          showError(error, t.current);
        else session.clear();
      })
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [client, session]);
  if (!checked) return null;
  if (!user) return <Navigate to="/login" replace />;
  return <>{children}</>;
}
