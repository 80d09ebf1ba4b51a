import { getSelf, GwApiError } from '@gw/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useApp, useUser } from '../app-context';

/**
 * Renders the console only once the user check is done (console-screens §0.1): the server's
 * answer refreshes the stored user; a 401 has already cleared it (client onUnauthorized).
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { client, session } = useApp();
  const user = useUser();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    let live = true;
    getSelf(client)
      .then((self) => live && session.setUser(self))
      .catch((error: unknown) => {
        // Signed out elsewhere: forget the stale copy. A network failure keeps it (offline reading).
        if (error instanceof GwApiError && error.code !== 'NETWORK' && error.status !== 500) session.clear();
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
