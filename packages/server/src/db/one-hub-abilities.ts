// one-hub routes through its `abilities` table (one row per group × model × channel), which it rewrites
// whenever it saves a channel; gw routes from the channels themselves. On a database moved in from one-hub
// (docs/moving-from-one-hub.md) gw keeps that table in step with the channels after every channel change,
// so an operator who goes back to one-hub finds the channels made or edited in gw routable there too.
import type { Kysely } from 'kysely';
import { readExistingSchema } from './adopt-one-hub.js';
import type { GwDb } from './database.js';

// biome-ignore lint/suspicious/noExplicitAny: `abilities` is one-hub's table, outside gw's typed schema.
type AnyDb = Kysely<any>;

interface AbilityRow {
  group: string;
  model: string;
  channel_id: number;
  enabled: number;
  priority: number;
  weight: number;
}

const keyOf = (row: Pick<AbilityRow, 'group' | 'model' | 'channel_id'>) =>
  `${row.channel_id}\u0000${row.group}\u0000${row.model}`;

/** The rows one-hub's AddAbilities writes for each channel: every model × every group, as listed. */
function wantedRows(
  channels: Array<{
    id: number;
    models: string;
    group: string;
    status: number;
    priority: number;
    weight: number;
  }>,
): Map<string, AbilityRow> {
  const rows = new Map<string, AbilityRow>();
  for (const channel of channels) {
    const models = channel.models.split(',').filter((model) => model !== '');
    const groups = channel.group.split(',').filter((group) => group !== '');
    for (const model of models) {
      for (const group of groups) {
        const row = {
          group,
          model,
          channel_id: channel.id,
          enabled: channel.status === 1 ? 1 : 0,
          priority: Number(channel.priority),
          weight: Number(channel.weight),
        };
        rows.set(keyOf(row), row);
      }
    }
  }
  return rows;
}

export interface AbilitiesMirror {
  /** Brings `abilities` in line with the channels (a no-op on a database without the table). */
  sync(): Promise<void>;
}

export function createAbilitiesMirror(db: GwDb): AbilitiesMirror {
  let present: Promise<boolean> | undefined;
  const hasTable = () => {
    // This database's own tables only (PostgreSQL lists every schema's).
    present ??= readExistingSchema(db).then((schema) => schema.tables.has('abilities'));
    return present;
  };
  return {
    async sync() {
      if (!(await hasTable())) return;
      await db.transaction().execute(async (trx) => {
        const channels = await trx
          .selectFrom('channels')
          .select(['id', 'models', 'group', 'status', 'priority', 'weight'])
          .execute();
        const wanted = wantedRows(channels);
        const abilities = trx as unknown as AnyDb;
        const existing: AbilityRow[] = await abilities
          .selectFrom('abilities')
          .select(['group', 'model', 'channel_id', 'enabled', 'priority', 'weight'])
          .execute();
        // Only what differs is written: a steady table costs one read of each table per channel change.
        for (const row of existing) {
          const want = wanted.get(keyOf(row));
          const same =
            want !== undefined &&
            Number(row.enabled) === want.enabled &&
            Number(row.priority) === want.priority &&
            Number(row.weight) === want.weight;
          if (same) {
            wanted.delete(keyOf(row));
            continue;
          }
          await abilities
            .deleteFrom('abilities')
            .where('group', '=', row.group)
            .where('model', '=', row.model)
            .where('channel_id', '=', row.channel_id)
            .execute();
        }
        for (const row of wanted.values()) await abilities.insertInto('abilities').values(row).execute();
      });
    },
  };
}
