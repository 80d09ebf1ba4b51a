// SQL for the midjourneys table: the admin and self lists (contract §1.14). The relay writes the rows.
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { MidjourneyRow } from '../../db/tables.js';
import { type ListRequest, pageOf } from '../../shared/listing.js';

export type StoredMidjourney = Selectable<MidjourneyRow>;

/** Filters; 0 and '' filter nothing; times are unix milliseconds on `submit_time`. */
export interface MidjourneyFilters {
  user_id: number;
  channel_id: number;
  token_id: number;
  mj_id: string;
  start_timestamp: number;
  end_timestamp: number;
}

/** The midjourneys table. */
export function createMidjourneyRepository(db: GwDb) {
  return {
    async list<F extends keyof MidjourneyRow & string>(filters: MidjourneyFilters, request: ListRequest<F>) {
      let base = db.selectFrom('midjourneys');
      if (filters.user_id) base = base.where('user_id', '=', filters.user_id);
      if (filters.channel_id) base = base.where('channel_id', '=', filters.channel_id);
      if (filters.token_id) base = base.where('token_id', '=', filters.token_id);
      if (filters.mj_id) base = base.where('mj_id', '=', filters.mj_id);
      if (filters.start_timestamp) base = base.where('submit_time', '>=', filters.start_timestamp);
      if (filters.end_timestamp) base = base.where('submit_time', '<=', filters.end_timestamp);
      return pageOf(base, request);
    },
  };
}

export type MidjourneyRepository = ReturnType<typeof createMidjourneyRepository>;
