import type { ChipTone } from '../../format/chips.js';
import type { ColumnDef } from '../../format/columns.js';
import { AUDIT_RESOURCES, type AuditEntry, auditChangesText } from './audit.schema.js';

/** How much of the changed fields a cell shows before its tooltip. */
export const AUDIT_CHANGES_LIMIT = 60;

/** The i18n key of a resource (`channel` → `audit.resources.channel`), or the name as it is for another. */
export function auditResourceText(resource: string, t: (key: string) => string): string {
  return (AUDIT_RESOURCES as readonly string[]).includes(resource)
    ? t(`audit.resources.${resource}`)
    : resource;
}

/** Who made the change: `root (#1)`, or the sign-in throttle's "anonymous". */
export function auditActorText(entry: AuditEntry, t: (key: string) => string): string {
  return entry.user_id ? `${entry.username} (#${entry.user_id})` : t('audit.anonymous');
}

const RESOURCE_TONES: Partial<Record<string, ChipTone>> = {
  login: 'warning',
  user: 'primary',
  option: 'secondary',
};

/**
 * The audit trail's columns (issue 15): when, who, from where, what (the resource as a chip, the action and
 * the record), whether it was made, and the changed fields as `field: before → after` (secrets read `***`).
 */
export const AUDIT_COLUMNS: readonly ColumnDef<AuditEntry>[] = [
  {
    id: 'created_at',
    titleKey: 'audit.fields.created_at',
    sortField: 'created_at',
    priority: 1,
    value: (row, ctx) => ctx.time(row.created_at),
  },
  {
    id: 'actor',
    titleKey: 'audit.fields.actor',
    sortField: 'user_id',
    priority: 1,
    value: (row, ctx) => auditActorText(row, ctx.t),
  },
  { id: 'ip', titleKey: 'audit.fields.ip', priority: 3, copy: true, value: (row) => row.ip },
  {
    id: 'resource',
    titleKey: 'audit.fields.resource',
    priority: 2,
    chip: true,
    chipStyle: (row) => ({ tone: RESOURCE_TONES[row.resource] ?? 'info' }),
    value: (row, ctx) => auditResourceText(row.resource, ctx.t),
  },
  {
    id: 'action',
    titleKey: 'audit.fields.action',
    sortField: 'action',
    priority: 1,
    value: (row) => row.action,
  },
  { id: 'resource_id', titleKey: 'audit.fields.resource_id', priority: 2, value: (row) => row.resource_id },
  {
    id: 'success',
    titleKey: 'audit.fields.success',
    priority: 2,
    chip: true,
    chipStyle: (row) => ({ tone: row.success ? 'success' : 'error' }),
    value: (row, ctx) =>
      row.success ? ctx.t('audit.result.made') : `${ctx.t('audit.result.refused')} ${row.error}`,
  },
  {
    id: 'changes',
    titleKey: 'audit.fields.changes',
    priority: 3,
    truncate: AUDIT_CHANGES_LIMIT,
    value: (row) => auditChangesText(row.changes),
  },
  {
    id: 'path',
    titleKey: 'audit.fields.path',
    priority: 5,
    value: (row) => `${row.method} ${row.path}`.trim(),
  },
];
