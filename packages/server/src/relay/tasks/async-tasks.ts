// Suno and Kling task rows (spec §9.8, contract §2.14): stored when a submit is accepted (before its id goes
// back to the client), updated by the task poller, and read back by the fetch routes from the local
// database, scoped to the caller, in each platform's own reply shape.
import { nowSeconds } from '@gw/core';
import type { Insertable, Selectable } from 'kysely';
import type { GwDb } from '../../db/database.js';
import type { TaskRow } from '../../db/tables.js';
import type { RouteSuccess } from '../pipeline/relay-handler.js';
import { readKlingReply } from '../providers/kling/kling-provider.js';
import { readSunoReply } from '../providers/suno/suno-provider.js';

export const TASK_SUCCESS = 'SUCCESS';
export const TASK_FAILURE = 'FAILURE';
/** A task is open (polled) until it succeeded or failed. */
export const TASK_DONE_STATUSES: readonly string[] = [TASK_SUCCESS, TASK_FAILURE];

/** The progress a status stands for when the upstream reports none (Kling never does). */
const STATUS_PROGRESS: Readonly<Record<string, number>> = {
  NOT_START: 0,
  SUBMITTED: 10,
  QUEUED: 20,
  IN_PROGRESS: 50,
  SUCCESS: 100,
  FAILURE: 100,
};

/** Kling's task_status → the task table's status. */
const KLING_STATUS: Readonly<Record<string, string>> = {
  submitted: 'SUBMITTED',
  processing: 'IN_PROGRESS',
  succeed: TASK_SUCCESS,
  failed: TASK_FAILURE,
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0
    ? // Kling reports milliseconds; a task table holds seconds.
      Math.trunc(value > 1e11 ? value / 1000 : value)
    : 0;
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Strings longer than this (a base64 image of an image2video submit) are not kept in a task's properties. */
const PROPERTY_TEXT_LIMIT = 1024;

/** The submit body as a task keeps it: long strings replaced by their length, so the row fits a TEXT column. */
export function taskProperties(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') {
    return value.length > PROPERTY_TEXT_LIMIT ? `<${value.length} characters>` : value;
  }
  if (!value || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => taskProperties(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      taskProperties(item, depth + 1),
    ]),
  );
}

/** A progress as an integer 0–100: a number, or a text like "40%", else what the status stands for. */
export function taskProgress(reported: unknown, status: string): number {
  const value =
    typeof reported === 'number'
      ? reported
      : typeof reported === 'string'
        ? Number.parseFloat(reported)
        : Number.NaN;
  if (Number.isFinite(value)) return Math.min(100, Math.max(0, Math.trunc(value)));
  return STATUS_PROGRESS[status] ?? 0;
}

/** The upstream task id of an accepted submit reply ('' when it carries none: the poller fails the task). */
export function submittedTaskId(platform: string, body: unknown): string {
  if (platform === 'suno') {
    const data = readSunoReply(body)?.data;
    return typeof data === 'string' ? data : '';
  }
  return text(readKlingReply(body)?.data?.task_id);
}

/** The row of an accepted submit; its quota is the submit's charge (refunded if the task fails). */
export function submittedTaskRow(success: RouteSuccess, now: number): Insertable<TaskRow> {
  const task = success.read.task ?? { platform: 'suno' as const, action: 'MUSIC', path: '' };
  const { model: _model, ...properties } = success.read.body as Record<string, unknown>;
  const klingData = task.platform === 'kling' ? readKlingReply(success.reply.body)?.data : undefined;
  return {
    created_at: now,
    updated_at: now,
    task_id: submittedTaskId(task.platform, success.reply.body),
    platform: task.platform,
    user_id: success.caller.userId,
    channel_id: success.channel.id,
    quota: success.quota,
    action: task.action,
    status: klingData ? (KLING_STATUS[text(klingData.task_status)] ?? 'SUBMITTED') : 'SUBMITTED',
    fail_reason: '',
    submit_time: now,
    start_time: 0,
    finish_time: 0,
    progress: 0,
    properties: json(taskProperties(properties)),
    data: json(klingData),
    notify_hook: '',
    token_id: success.caller.tokenId,
  };
}

export async function storeSubmittedTask(db: GwDb, success: RouteSuccess): Promise<void> {
  await db.insertInto('tasks').values(submittedTaskRow(success, nowSeconds())).execute();
}

/** What a poll learnt about one task. */
export interface TaskUpdate {
  status: string;
  progress: number;
  failReason: string;
  startTime: number;
  finishTime: number;
  /** The upstream's result as JSON text. */
  data: string | null;
}

/** A Suno fetch item (`{task_id, action, status, fail_reason, submit_time, start_time, finish_time, data}`). */
export function sunoTaskUpdate(item: Record<string, unknown>): TaskUpdate {
  const status = text(item.status) || 'UNKNOWN';
  return {
    status,
    progress: taskProgress(item.progress, status),
    failReason: text(item.fail_reason),
    startTime: seconds(item.start_time),
    finishTime: seconds(item.finish_time),
    data: json(item.data),
  };
}

/** A Kling task (`data` of `GET /v1/videos/<action>/<id>`). */
export function klingTaskUpdate(data: Record<string, unknown>): TaskUpdate {
  const status = KLING_STATUS[text(data.task_status)] ?? 'UNKNOWN';
  const done = status === TASK_SUCCESS || status === TASK_FAILURE;
  return {
    status,
    progress: taskProgress(undefined, status),
    failReason: status === TASK_FAILURE ? text(data.task_status_msg) || 'failed' : '',
    startTime: seconds(data.created_at),
    finishTime: done ? seconds(data.updated_at) : 0,
    data: json(data),
  };
}

function parsed(value: string | null): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A stored Suno task as Suno-API's fetch answers it. */
export function sunoTaskDto(row: Selectable<TaskRow>): Record<string, unknown> {
  return {
    task_id: row.task_id,
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason,
    submit_time: row.submit_time,
    start_time: row.start_time,
    finish_time: row.finish_time,
    progress: `${row.progress}%`,
    data: parsed(row.data) ?? null,
  };
}

/** A stored Kling task as Kling's query answers it (`data`): the upstream's last report, or what is known. */
export function klingTaskData(row: Selectable<TaskRow>): unknown {
  return (
    parsed(row.data) ?? {
      task_id: row.task_id,
      task_status: row.status === TASK_FAILURE ? 'failed' : 'submitted',
      task_status_msg: row.fail_reason,
      created_at: row.submit_time * 1000,
      updated_at: row.updated_at * 1000,
    }
  );
}
