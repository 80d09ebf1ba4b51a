// Model owner rules of contract §1.11 / §2.9: ids up to 1000 are the built-in owners; a custom owner's id
// is above 1000 and never changes.
import {
  MAX_BUILT_IN_OWNER_ID,
  MIN_CUSTOM_OWNER_ID,
  type ModelOwnedBy,
  type modelOwnedByCreateSchema,
  type modelOwnedByUpdateSchema,
} from '@gw/core';
import type { z } from 'zod';
import { ApiFailure, fieldFailure, notFound } from '../../shared/api-failure.js';
import type { ModelOwnedByRepository, StoredOwner } from './model-ownedby.repository.js';

/** What other resources read about owners (prices check ids, the public lists show names). */
export interface OwnerLookup {
  /** Owner names by id. */
  names(): Promise<Map<number, string>>;
}

const toWire = (row: StoredOwner): ModelOwnedBy => ({ id: row.id, name: row.name, icon: row.icon });

/** The model owner rules over a repository. */
export function createModelOwnedByService(owners: ModelOwnedByRepository) {
  async function existing(id: number): Promise<StoredOwner> {
    const row = await owners.findById(id);
    if (!row) throw notFound('model_ownedby.errors.not_found');
    return row;
  }

  const lookup: OwnerLookup = {
    async names() {
      return new Map((await owners.all()).map((row) => [row.id, row.name]));
    },
  };

  return {
    lookup,

    async list(): Promise<ModelOwnedBy[]> {
      return (await owners.all()).map(toWire);
    },

    /** `"<id>"` → owner, as `GET /api/ownedby` answers. */
    async map(): Promise<Record<string, ModelOwnedBy>> {
      return Object.fromEntries((await owners.all()).map((row) => [String(row.id), toWire(row)]));
    },

    async get(id: number): Promise<ModelOwnedBy> {
      return toWire(await existing(id));
    },

    /** Adds a custom owner; without an id it takes the next one above 1000. */
    async create(input: z.output<typeof modelOwnedByCreateSchema>): Promise<ModelOwnedBy> {
      const id = input.id ?? Math.max(MIN_CUSTOM_OWNER_ID, (await owners.maxId()) + 1);
      if (await owners.findById(id)) throw fieldFailure('id', 'model_ownedby.errors.id_exists', { id });
      await owners.insert({ id, name: input.name, icon: input.icon });
      return toWire(await existing(id));
    },

    async update(input: z.output<typeof modelOwnedByUpdateSchema>): Promise<ModelOwnedBy> {
      const current = await existing(input.id);
      await owners.update({ id: current.id, name: input.name, icon: input.icon });
      return toWire(await existing(current.id));
    },

    async delete(id: number): Promise<void> {
      if (id <= MAX_BUILT_IN_OWNER_ID) throw new ApiFailure('FAILED', 'model_ownedby.errors.built_in_delete');
      await existing(id);
      await owners.delete(id);
    },
  };
}

export type ModelOwnedByService = ReturnType<typeof createModelOwnedByService>;
