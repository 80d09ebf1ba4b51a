import { Spinner } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useUser } from '../../app/app-context';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';

/**
 * What the sign-up, reset and callback pages stand in: their strings (account, users) loaded with the
 * route, the kit's query cache, and — where `guestsOnly` — a signed-in visitor sent to the console.
 */
export function AuthFrame({ children, guestsOnly = false }: { children: ReactNode; guestsOnly?: boolean }) {
  const ready = useScreenSections(['account', 'users']);
  const user = useUser();
  if (guestsOnly && user) return <Navigate to="/panel" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      {ready ? children : <Spinner className="gw-page-spinner" />}
    </QueryClientProvider>
  );
}
