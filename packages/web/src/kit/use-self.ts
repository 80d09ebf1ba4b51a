import { getSelf, type User } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApp } from '../app/app-context';

/** The cache key of the signed-in user's profile: invalidate it after a change to the balance or profile. */
export const SELF_QUERY_KEY = ['self'] as const;

/**
 * The signed-in user's full profile (`GET /api/user/self`), shared by the top-up and profile screens.
 * Each fresh copy also goes to the session, so the sidebar's card shows the new balance and name.
 */
export function useSelf() {
  const { client, session } = useApp();
  const self = useQuery<User>({ queryKey: SELF_QUERY_KEY, queryFn: () => getSelf(client) });
  useEffect(() => {
    if (self.data) session.setUser(self.data);
  }, [self.data, session]);
  return self;
}
