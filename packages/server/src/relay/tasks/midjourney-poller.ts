// The Midjourney task poller (spec §2.4 step 6): while open tasks exist, every 15 s each channel's proxy is
// asked for its tasks (`POST <base>/mj/task/list-by-condition {"ids": […]}`, `mj-api-secret`, 5 s limit)
// and the rows take the proxy's state. A task that failed, has no proxy id, lost its channel or is still
// unfinished after an hour becomes FAILURE, and its charge goes back to the user's quota (not the token's)
// through the settlement ledger (job-refund.ts) with a system log. No timer runs while no task is open: a submit starts the poller again.
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { MidjourneyRow } from '../../db/tables.js';
import { localizedContent } from '../../shared/logs.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type { RelayState } from '../pipeline/relay-state.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import { refundFailedJob } from './job-refund.js';
import { MJ_DONE_PROGRESS, MJ_FAILURE } from './midjourney-tasks.js';
import { createPollLoop, type PollLoop } from './poll-loop.js';

export const MJ_POLL_INTERVAL_MS = 15_000;
/** An unfinished task older than this fails (spec §2.4 step 6). */
export const MJ_TASK_TIMEOUT_MS = 60 * 60 * 1000;
const MJ_LIST_TIMEOUT_SECONDS = 5;

export interface MidjourneyPoller extends PollLoop {
  /**
   * Takes one task as the proxy reports it (a poll, or the proxy's `/mj/notify` callback) into its row;
   * a FAILURE refunds the charge once, as a poll does.
   */
  apply(row: Selectable<MidjourneyRow>, task: Record<string, unknown>): Promise<void>;
}

interface PollerDeps {
  db: GwDb;
  state: RelayState;
  http: UpstreamHttp;
  ledger: SettlementLedger;
  log: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => number;
}

type Row = Selectable<MidjourneyRow>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0);
const json = (value: unknown) => (value === undefined || value === null ? '' : JSON.stringify(value));

export function createMidjourneyPoller(deps: PollerDeps): MidjourneyPoller {
  const { db, state, log } = deps;
  const intervalMs = deps.intervalMs ?? MJ_POLL_INTERVAL_MS;
  const now = deps.now ?? Date.now;

  /** Marks a task failed and gives its charge back, once (the status guard and the ledger id). */
  async function fail(row: Row, reason: string): Promise<void> {
    const changed = await db
      .updateTable('midjourneys')
      .set({ status: MJ_FAILURE, fail_reason: reason, finish_time: row.finish_time || now() })
      .where('id', '=', row.id)
      .where('status', '!=', MJ_FAILURE)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0 || row.quota <= 0) return;
    await refundFailedJob(db, deps.ledger, {
      refundId: `mj-refund-${row.id}`,
      refundToken: false,
      userId: row.user_id,
      tokenId: row.token_id,
      channelId: row.channel_id,
      quota: row.quota,
      log: localizedContent(state.options().language, 'relay.midjourney.refund_log', {
        id: row.mj_id,
        quota: row.quota,
      }),
    });
    log.info({ task: row.mj_id, quota: row.quota }, 'midjourney task failed; its charge was refunded');
  }

  async function pollChannel(channelId: number, rows: Row[]): Promise<void> {
    const channel = state.channel(channelId);
    if (!channel) {
      for (const row of rows) await fail(row, 'channel not found');
      return;
    }
    const response = await deps.http.send(
      {
        method: 'POST',
        url: `${channel.upstream.baseUrl}/mj/task/list-by-condition`,
        headers: {
          'mj-api-secret': channel.upstream.key,
          ...channel.upstream.headers,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ ids: rows.map((row) => row.mj_id) }),
      },
      { proxy: channel.proxy, timeoutSeconds: MJ_LIST_TIMEOUT_SECONDS },
    );
    const text = await response.body.text();
    if (response.status !== 200)
      throw new Error(`list-by-condition answered ${response.status}: ${text.slice(0, 200)}`);
    const tasks = JSON.parse(text) as unknown;
    if (!Array.isArray(tasks)) throw new Error('list-by-condition did not answer a list');
    const byId = new Map(rows.map((row) => [row.mj_id, row]));
    for (const task of tasks as Array<Record<string, unknown>>) {
      const row = byId.get(str(task.id));
      if (row) await apply(row, task);
    }
  }

  async function apply(row: Row, task: Record<string, unknown>): Promise<void> {
    // A failed task stays failed (its refund is done): later reports do not reopen it.
    if (row.status === MJ_FAILURE) return;
    const status = str(task.status);
    await db
      .updateTable('midjourneys')
      .set({
        code: 1,
        prompt_en: str(task.promptEn),
        state: str(task.state),
        start_time: num(task.startTime),
        finish_time: num(task.finishTime),
        image_url: str(task.imageUrl),
        progress: str(task.progress),
        buttons: json(task.buttons),
        properties: json(task.properties),
        // FAILURE is written by fail(), with the refund, in one transaction.
        ...(status === MJ_FAILURE ? {} : { status, fail_reason: str(task.failReason) }),
      })
      .where('id', '=', row.id)
      .where('status', '!=', MJ_FAILURE)
      .execute();
    if (status === MJ_FAILURE) await fail(row, str(task.failReason));
  }

  async function pass(): Promise<number> {
    const open = await db
      .selectFrom('midjourneys')
      .selectAll()
      .where('progress', '!=', MJ_DONE_PROGRESS)
      .where('status', '!=', MJ_FAILURE)
      .execute();
    const byChannel = new Map<number, Row[]>();
    for (const row of open) {
      if (!row.mj_id) await fail(row, 'the task has no proxy id');
      else byChannel.set(row.channel_id, [...(byChannel.get(row.channel_id) ?? []), row]);
    }
    for (const [channelId, rows] of byChannel) {
      try {
        await pollChannel(channelId, rows);
      } catch (error) {
        log.warn({ err: error, channel: channelId }, 'midjourney task poll failed');
      }
    }
    // Still unfinished an hour after the submit: failed (spec §2.4 step 6).
    const still = await db
      .selectFrom('midjourneys')
      .selectAll()
      .where('progress', '!=', MJ_DONE_PROGRESS)
      .where('status', '!=', MJ_FAILURE)
      .execute();
    let left = 0;
    for (const row of still) {
      if (row.submit_time > 0 && now() - row.submit_time > MJ_TASK_TIMEOUT_MS) await fail(row, 'timed out');
      else left += 1;
    }
    return left;
  }

  return {
    ...createPollLoop(pass, { intervalMs, log, name: 'midjourney task poller' }),
    apply,
  };
}
