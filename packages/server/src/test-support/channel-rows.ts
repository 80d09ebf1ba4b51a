// A bare channel row for log and analytics tests (the channels resource owns the real writes).
import type { GwDb } from '../db/database.js';

/** Inserts a channel with the given id, name and status and every other column at a neutral value. */
export async function insertBareChannel(db: GwDb, id: number, name: string, status = 1): Promise<void> {
  await db
    .insertInto('channels')
    .values({
      id,
      type: 1,
      key: 'sk-test',
      status,
      name,
      weight: 1,
      created_time: 0,
      base_url: '',
      other: '',
      models: 'gpt-4o',
      group: 'default',
      tag: '',
      model_mapping: '',
      model_headers: '',
      custom_parameter: '',
      priority: 0,
      proxy: '',
      test_model: '',
      only_chat: 0,
      pre_cost: 1,
      compatible_response: 0,
      allow_extra_body: 0,
      disabled_stream: null,
      plugin: null,
    } as never)
    .execute();
}
