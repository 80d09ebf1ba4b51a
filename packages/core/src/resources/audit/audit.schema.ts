import { z } from 'zod';

/** Fields the audit trail may be sorted by. */
export const AUDIT_SORT_FIELDS = ['id', 'created_at', 'user_id', 'action'] as const;

/**
 * What an audit entry is about (issue 15): the resource part of its `action` (`channel.update`). `login` is
 * the sign-in throttle, which records the locks it sets (no signed-in actor).
 */
export const AUDIT_RESOURCES = [
  'channel',
  'channel_tag',
  'user',
  'token',
  'option',
  'telegram_menu',
  'invoice',
  'price',
  'payment',
  'redemption',
  'user_group',
  'model_ownedby',
  'model_info',
  'log',
  'login',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** What the masked value of a secret field (channel keys, passwords, tokens) reads as. */
export const AUDIT_MASK = '***';

/** One changed field: its value before and after (absent: the record did not exist then). */
export const auditChangeSchema = z.looseObject({
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * One entry of the audit trail (GET /api/audit, admin): who (`user_id`, `username`, `role`; 0 and '' for the
 * sign-in throttle), when (unix seconds), from which IP, what (`action` = `<resource>.<verb>`, the route's
 * method and path, the record's id) and the changed fields before and after, secrets masked. A refused change
 * is recorded too (`success` false, `error` its code), so attempts are visible.
 */
export const auditEntrySchema = z.looseObject({
  id: z.number().int(),
  created_at: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  role: z.number().int(),
  ip: z.string(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string(),
  method: z.string(),
  path: z.string(),
  success: z.boolean(),
  error: z.string(),
  changes: z.record(z.string(), auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filters of the audit list; times are unix seconds on `created_at`. */
export interface AuditListQuery {
  page?: number;
  size?: number;
  order?: string;
  /** The actor's user id. */
  user_id?: number;
  /** The actor's user name, exactly. */
  username?: string;
  /** An action (`channel.update`), exactly. */
  action?: string;
  /** A resource (`channel`): every action on it. */
  resource?: string;
  /** One record's id. */
  resource_id?: string;
  start_timestamp?: number;
  end_timestamp?: number;
}

/** The audit list's query as the server validates it (every filter optional, numbers from the query text). */
export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().catch(1).default(1),
  size: z.coerce.number().int().catch(10).default(10),
  order: z.string().default(''),
  keyword: z.string().default(''),
  user_id: z.coerce.number().int().min(0).default(0),
  username: z.string().max(64).default(''),
  action: z.string().max(64).default(''),
  resource: z.string().max(64).default(''),
  resource_id: z.string().max(191).default(''),
  start_timestamp: z.coerce.number().int().min(0).default(0),
  end_timestamp: z.coerce.number().int().min(0).default(0),
});

/** A change's value as one line of text: masked and empty values as they are, others as JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields as one line (`name: "a" → "b"; key: *** → ***`), for lists and exports. */
export function auditChangesText(changes: Record<string, AuditChange>): string {
  return Object.entries(changes)
    .map(([field, change]) => {
      const before = 'before' in change ? auditValueText(change.before) : '∅';
      const after = 'after' in change ? auditValueText(change.after) : '∅';
      return `${field}: ${before} → ${after}`;
    })
    .join('; ');
}

/** One changed field as text for a detail table: '' for a side that did not exist. */
export interface AuditChangeRow {
  field: string;
  before: string;
  after: string;
}

/** The changed fields as rows (field, before, after), in the order the entry lists them. */
export function auditChangeRows(changes: Record<string, AuditChange>): AuditChangeRow[] {
  return Object.entries(changes).map(([field, change]) => ({
    field,
    before: auditValueText(change.before),
    after: auditValueText(change.after),
  }));
}
