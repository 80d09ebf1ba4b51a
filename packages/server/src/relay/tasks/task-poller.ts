// The Suno and Kling task poller (spec §9.8): while open tasks exist, every 15 s up to 500 of them are
// brought up to date — Suno's per channel with `POST <base>/suno/fetch {"ids": […]}`, Kling's one by one with
// `GET <base>/v1/videos/<action>/<id>` — each call bounded by a timeout. A task that failed, has no upstream
// id or lost its channel becomes FAILURE, and its charge goes back through the settlement ledger (user and
// limited key, as a refund entry whose id makes it happen once) with a system log. No timer runs while no
// task is open: a submit starts the poller again.
import { nowSeconds } from '@gw/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { TaskRow } from '../../db/tables.js';
import { localizedContent } from '../../shared/logs.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type { RelayState } from '../pipeline/relay-state.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import { klingBaseUrl, klingHeaders, readKlingReply } from '../providers/kling/kling-provider.js';
import { readSunoReply, SUNO_SUCCESS, sunoHeaders } from '../providers/suno/suno-provider.js';
import {
  klingTaskUpdate,
  sunoTaskUpdate,
  TASK_DONE_STATUSES,
  TASK_FAILURE,
  type TaskUpdate,
} from './async-tasks.js';
import { createPollLoop, type PollLoop } from './poll-loop.js';
import { refundFailedJob } from './job-refund.js';

export const TASK_POLL_INTERVAL_MS = 15_000;
/** Tasks brought up to date in one pass (spec §9.8). */
export const TASK_POLL_BATCH = 500;
const FETCH_TIMEOUT_SECONDS = 10;

export type TaskPoller = PollLoop;

interface TaskPollerDeps {
  db: GwDb;
  state: RelayState;
  http: UpstreamHttp;
  ledger: SettlementLedger;
  log: FastifyBaseLogger;
  intervalMs?: number;
}

type Row = Selectable<TaskRow>;

/** The ledger id of a task's refund: one per task, so a refund is applied once whatever happens. */
export function taskRefundId(row: { id: number }): string {
  return `task-refund-${row.id}`;
}

export function createTaskPoller(deps: TaskPollerDeps): TaskPoller {
  const { db, state, log } = deps;
  const intervalMs = deps.intervalMs ?? TASK_POLL_INTERVAL_MS;

  /** Marks a task failed and gives its charge back, once (the status guard and the ledger id). */
  async function fail(row: Row, reason: string, data?: string | null): Promise<void> {
    const now = nowSeconds();
    const changed = await db
      .updateTable('tasks')
      .set({
        status: TASK_FAILURE,
        fail_reason: reason.slice(0, 2000),
        progress: 100,
        finish_time: row.finish_time || now,
        updated_at: now,
        ...(data === undefined ? {} : { data }),
      })
      .where('id', '=', row.id)
      .where('status', '!=', TASK_FAILURE)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0 || row.quota <= 0) return;
    await refundFailedJob(db, deps.ledger, {
      refundId: taskRefundId(row),
      refundToken: true,
      userId: row.user_id,
      tokenId: row.token_id,
      channelId: row.channel_id,
      quota: row.quota,
      log: localizedContent(state.options().language, 'relay.task.refund_log', {
        platform: row.platform,
        id: row.task_id,
        quota: row.quota,
      }),
    });
    log.info(
      { task: row.task_id, platform: row.platform, quota: row.quota },
      'task failed; its charge was refunded',
    );
  }

  async function apply(row: Row, update: TaskUpdate): Promise<void> {
    if (update.status === TASK_FAILURE) return fail(row, update.failReason || 'failed', update.data);
    await db
      .updateTable('tasks')
      .set({
        status: update.status,
        progress: update.progress,
        fail_reason: update.failReason,
        start_time: update.startTime || row.start_time,
        finish_time: update.finishTime || row.finish_time,
        data: update.data ?? row.data,
        updated_at: nowSeconds(),
      })
      .where('id', '=', row.id)
      .where('status', '!=', TASK_FAILURE)
      .execute();
  }

  async function fetchJson(
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
    proxy: string,
  ) {
    const response = await deps.http.send(
      {
        method: init.method,
        url,
        headers: init.headers,
        ...(init.body === undefined ? {} : { body: init.body }),
      },
      { proxy, timeoutSeconds: FETCH_TIMEOUT_SECONDS },
    );
    const text = await response.body.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
    return JSON.parse(text) as unknown;
  }

  async function pollSuno(channelId: number, rows: Row[]): Promise<void> {
    const channel = state.channel(channelId);
    if (!channel) {
      for (const row of rows) await fail(row, 'channel not found');
      return;
    }
    const reply = readSunoReply(
      await fetchJson(
        `${channel.upstream.baseUrl.replace(/\/+$/, '')}/suno/fetch`,
        {
          method: 'POST',
          headers: sunoHeaders(channel.upstream),
          body: JSON.stringify({ ids: rows.map((row) => row.task_id) }),
        },
        channel.proxy,
      ),
    );
    if (!reply || reply.code !== SUNO_SUCCESS || !Array.isArray(reply.data))
      throw new Error(`Suno fetch failed: ${reply?.message ?? 'no reply'}`);
    const byId = new Map(rows.map((row) => [row.task_id, row]));
    for (const item of reply.data as unknown[]) {
      if (!item || typeof item !== 'object') continue;
      const fields = item as Record<string, unknown>;
      const row = byId.get(String(fields.task_id ?? ''));
      if (row) await apply(row, sunoTaskUpdate(fields));
    }
  }

  async function pollKling(channelId: number, rows: Row[]): Promise<void> {
    const channel = state.channel(channelId);
    if (!channel) {
      for (const row of rows) await fail(row, 'channel not found');
      return;
    }
    for (const row of rows) {
      try {
        const reply = readKlingReply(
          await fetchJson(
            `${klingBaseUrl(channel.upstream)}/v1/videos/${encodeURIComponent(row.action)}/${encodeURIComponent(row.task_id)}`,
            { method: 'GET', headers: klingHeaders(channel.upstream) },
            channel.proxy,
          ),
        );
        if (reply?.code !== 0 || !reply.data)
          throw new Error(`Kling query failed: ${reply?.message ?? 'no reply'}`);
        await apply(row, klingTaskUpdate(reply.data));
      } catch (error) {
        log.warn({ err: error, channel: channelId, task: row.task_id }, 'kling task poll failed');
      }
    }
  }

  async function pass(): Promise<number> {
    const open = await db
      .selectFrom('tasks')
      .selectAll()
      .where('status', 'not in', TASK_DONE_STATUSES)
      .orderBy('id')
      .limit(TASK_POLL_BATCH)
      .execute();
    const groups = new Map<string, Row[]>();
    for (const row of open) {
      if (!row.task_id) {
        await fail(row, 'the task has no upstream id');
        continue;
      }
      const key = `${row.platform}:${row.channel_id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const [key, rows] of groups) {
      const [platform = '', channel = '0'] = key.split(':');
      try {
        if (platform === 'suno') await pollSuno(Number(channel), rows);
        else if (platform === 'kling') await pollKling(Number(channel), rows);
      } catch (error) {
        log.warn({ err: error, channel: Number(channel), platform }, 'task poll failed');
      }
    }
    const left = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('open'))
      .where('status', 'not in', TASK_DONE_STATUSES)
      .executeTakeFirstOrThrow();
    return Number(left.open);
  }

  return {
    ...createPollLoop(pass, { intervalMs, log, name: 'task poller' }),
  };
}
