// The passkeys table (contract §1.3): a user's WebAuthn credentials, looked up by owner or by the
// credential id a browser presents.
import { nowSeconds } from '@gw/core';
import type { Kysely, Selectable } from 'kysely';
import type { GwTables, WebauthnCredentialRow } from '../../db/tables.js';

export type StoredCredential = Selectable<WebauthnCredentialRow>;

export interface NewCredential {
  user_id: number;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string;
  alias: string;
}

export function createWebauthnRepository(db: Kysely<GwTables>) {
  return {
    listOf(userId: number): Promise<StoredCredential[]> {
      return db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },
    findByCredentialId(credentialId: string): Promise<StoredCredential | undefined> {
      return db
        .selectFrom('webauthn_credentials')
        .selectAll()
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
    },
    async insert(credential: NewCredential): Promise<void> {
      await db
        .insertInto('webauthn_credentials')
        .values({ ...credential, created_time: nowSeconds() })
        .execute();
    },
    /** Raises the stored counter only forwards, so two racing sign-ins cannot lower it. */
    async raiseCounter(id: number, counter: number): Promise<boolean> {
      const result = await db
        .updateTable('webauthn_credentials')
        .set({ sign_count: counter })
        .where('id', '=', id)
        .where('sign_count', '<', counter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** Deletes one of a user's passkeys; false when no such row is theirs. */
    async deleteOf(userId: number, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('webauthn_credentials')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WebauthnRepository = ReturnType<typeof createWebauthnRepository>;
