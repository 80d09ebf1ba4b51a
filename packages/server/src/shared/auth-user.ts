// The signed-in caller as the guards see it: re-read from the database on every request.
import type { Selectable } from 'kysely';
import type { UserRow } from '../db/tables.js';

export type AuthUser = Selectable<UserRow>;

/** How the guards find a user; composed in app.ts from the users repository. */
export interface UserLookup {
  findById(id: number): Promise<AuthUser | undefined>;
  findByAccessToken(token: string): Promise<AuthUser | undefined>;
}
