// The audit trail's recorder (issue 15). Administrative changes are recorded by the route registrar
// (plugins/routes.ts) around each handler named in AUDIT_RULES, rather than by explicit calls in every
// service: the route table is the one place every change passes, so a new route cannot be forgotten (the
// audit test fails on a mutating admin route without a rule), and one piece of code reads the record before
// and after, computes the changed fields and masks secrets the same way everywhere. The entry is written
// right after the handler's own transaction commits; a change that is refused (bad input, a rule) is
// recorded too, as an attempt, so that who tried what is visible.
import { AUDIT_MASK, nowSeconds } from '@gw/core';
import { sql } from 'kysely';
import type { GwDb } from '../db/database.js';
import type { AuditLogRow } from '../db/tables.js';
import type { AuditInput, AuditRule, AuditTarget } from './audit-rules.js';

/** Field names whose values are secrets: channel and token keys, passwords, access tokens, API secrets. */
const SECRET_FIELD = /secret|password|passwd|token$|(^|_)keys?$|apikey/i;
/** camelCase keys (`apiKey`, `secretKey`); case-sensitive so that `monkey` is not one. */
const SECRET_CAMEL_FIELD = /[a-z]Keys?$/;

/**
 * Whether a field of that name holds a secret (`key` of a channel, `password`, `GitHubClientSecret`); a
 * batch entry's `<row id>.<field>` is judged by its field.
 */
export function isSecretField(name: string): boolean {
  const field = name.slice(name.lastIndexOf('.') + 1);
  return SECRET_FIELD.test(field) || SECRET_CAMEL_FIELD.test(field);
}

/** The rows of one batch an entry reads at most; a bigger batch records its first rows' changes. */
export const MAX_BATCH_ROWS = 500;

/** The characters of one text value an entry keeps. */
export const MAX_VALUE_LENGTH = 2000;

/** A JSON object stored as text (a payment gateway's `config`) parsed, to mask inside it; else undefined. */
function jsonObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A value with every secret field masked, at any depth (JSON text objects included). */
export function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([name, item]) => [
        name,
        isSecretField(name) && item !== '' && item !== null && item !== undefined ? AUDIT_MASK : masked(item),
      ]),
    );
  }
  if (typeof value === 'string') {
    const object = jsonObject(value);
    if (object) return masked(object);
    // An entry stays readable and bounded: a long value (a model list, a notice) is kept to its start.
    if (value.length > MAX_VALUE_LENGTH) {
      return `${value.slice(0, MAX_VALUE_LENGTH)}… (+${value.length - MAX_VALUE_LENGTH})`;
    }
  }
  return value;
}

export type AuditChanges = Record<string, { before?: unknown; after?: unknown }>;

/**
 * The fields that differ between two states of a record, masked (compared before masking, so a changed
 * key shows as changed even though both sides read `***`). A side that is undefined did not exist.
 */
export function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    const had = before !== undefined && name in before;
    const has = after !== undefined && name in after;
    const old = before?.[name];
    const now = after?.[name];
    if (had && has && JSON.stringify(old) === JSON.stringify(now)) continue;
    const secret = isSecretField(name);
    const change: { before?: unknown; after?: unknown } = {};
    if (had) change.before = secret && old !== '' ? AUDIT_MASK : masked(old);
    if (has) change.after = secret && now !== '' ? AUDIT_MASK : masked(now);
    changes[name] = change;
  }
  return changes;
}

/** One entry as the recorder writes it. */
export interface AuditEvent {
  actor?: { id: number; username: string; role: number };
  ip: string;
  action: string;
  resourceId?: string;
  method?: string;
  path?: string;
  success?: boolean;
  error?: string;
  changes?: AuditChanges;
}

export interface AuditTrail {
  /** Appends one entry. Never throws: a failed write is logged, the change it describes already stands. */
  record(event: AuditEvent): Promise<void>;
  /** The state of a rule's record now (undefined: no such record, or the call names none). */
  snapshot(target: AuditTarget | undefined, id: unknown): Promise<Record<string, unknown> | undefined>;
}

/** A valid key of the target's column from the call, or undefined (then nothing is read). */
function targetKey(target: AuditTarget, id: unknown): string | number | undefined {
  if (target.numeric) {
    const number = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
    return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 && number <= 2 ** 31 - 1
      ? number
      : undefined;
  }
  return typeof id === 'string' && id !== '' && id.length <= 191 ? id : undefined;
}

export function createAuditTrail(db: GwDb, onError: (error: unknown) => void): AuditTrail {
  /** Every row of a batch, flattened to `<row id>.<field>` so that changedFields compares them field by field. */
  async function snapshotMany(
    target: AuditTarget,
    id: unknown,
  ): Promise<Record<string, unknown> | undefined> {
    const keys = [...new Set((Array.isArray(id) ? id : [id]).map((key) => targetKey(target, key)))].filter(
      (key): key is string | number => key !== undefined,
    );
    if (keys.length === 0) return undefined;
    try {
      const rows = await db
        // The table and column come from AUDIT_RULES, never from the caller.
        .selectFrom(target.table as 'channels')
        .selectAll()
        .where(sql.ref(target.column), 'in', keys.slice(0, MAX_BATCH_ROWS))
        .limit(MAX_BATCH_ROWS)
        .execute();
      const flat: Record<string, unknown> = {};
      for (const row of rows as Array<Record<string, unknown>>) {
        const rowId = String(row.id ?? row[target.column]);
        for (const [field, value] of Object.entries(row)) flat[`${rowId}.${field}`] = value;
      }
      return flat;
    } catch (error) {
      onError(error);
      return undefined;
    }
  }

  return {
    async record(event) {
      const row: Omit<AuditLogRow, 'id'> = {
        created_at: nowSeconds(),
        user_id: event.actor?.id ?? 0,
        username: (event.actor?.username ?? '').slice(0, 64),
        role: event.actor?.role ?? 0,
        ip: event.ip.slice(0, 64),
        action: event.action,
        resource: event.action.split('.')[0] ?? event.action,
        resource_id: (event.resourceId ?? '').slice(0, 191),
        method: event.method ?? '',
        path: (event.path ?? '').slice(0, 255),
        success: event.success === false ? 0 : 1,
        error: (event.error ?? '').slice(0, 64),
        changes: JSON.stringify(event.changes ?? {}),
      };
      try {
        await db.insertInto('audit_logs').values(row).execute();
      } catch (error) {
        onError(error);
      }
    },
    async snapshot(target, id) {
      if (!target) return undefined;
      if (target.many) return snapshotMany(target, id);
      const key = targetKey(target, id);
      if (key === undefined) return undefined;
      try {
        const row = await db
          // The table and column come from AUDIT_RULES, never from the caller.
          .selectFrom(target.table as 'options')
          .selectAll()
          .where(sql.ref(target.column), '=', key)
          .executeTakeFirst();
        if (!row) return undefined;
        // An option is shown as the one setting it is: `{ SMTPToken: "…" }`, so its name decides the masking.
        if (target.table === 'options') return { [String(row.key)]: row.value };
        return { ...row };
      } catch (error) {
        onError(error);
        return undefined;
      }
    },
  };
}

/** The record's id as the entry names it: the call's (a batch's keys joined), else the reply's. */
export function resourceIdOf(rule: AuditRule, input: AuditInput): string {
  const id = rule.target?.id(input) ?? input.params.id ?? input.params.tag ?? input.params['*'];
  if (typeof id === 'string' || typeof id === 'number') return String(id);
  if (Array.isArray(id))
    return id.filter((key) => typeof key === 'string' || typeof key === 'number').join(',');
  // A channel create answers every channel it made (one per key): the entry names them all.
  const records = Array.isArray(input.data) ? input.data : [input.data];
  return records
    .map((record) => (record && typeof record === 'object' ? (record as { id?: unknown }).id : undefined))
    .filter((id) => typeof id === 'number' || typeof id === 'string')
    .join(',');
}

/** A plain object of a raw request part (Fastify gives undefined or a string for an absent body). */
export function plain(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The changes a call made: the record's fields before and after when the rule names a record, else what the
 * call asked for (the body and query, masked) as the `after` of each field.
 */
export function callChanges(
  input: AuditInput,
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): AuditChanges {
  if (before || after) return changedFields(before, after);
  return changedFields(undefined, { ...input.query, ...input.body });
}
