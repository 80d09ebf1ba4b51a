// GET /api/audit (admin): the audit trail, newest first, filtered by actor, action or resource, record and
// time range. The API only reads it: there is no route that edits or deletes an entry (append-only).
import { AUDIT_SORT_FIELDS, auditEntrySchema, auditListQuerySchema, pagedSchema } from '@gw/core';
import type { Selectable } from 'kysely';
import type { GwDb } from '../db/database.js';
import type { AuditLogRow } from '../db/tables.js';
import { listRequest, pageOf } from '../shared/listing.js';
import { type AnyRoute, defineRoute } from '../shared/route.js';

/** The stored changes parsed back; an entry whose text is somehow not an object shows none. */
function parsedChanges(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function auditRowToWire(row: Selectable<AuditLogRow>) {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    user_id: Number(row.user_id),
    username: row.username,
    role: Number(row.role),
    ip: row.ip,
    action: row.action,
    resource: row.resource,
    resource_id: row.resource_id,
    method: row.method,
    path: row.path,
    success: Number(row.success) === 1,
    error: row.error,
    changes: parsedChanges(row.changes),
  };
}

export function auditRoutes(db: GwDb): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/audit',
      guard: 'admin',
      tag: 'audit',
      summary:
        'The audit trail of administrative changes and sign-in locks, newest first (filters: user_id, username, action, resource, resource_id, start_timestamp, end_timestamp)',
      query: auditListQuerySchema,
      reply: pagedSchema(auditEntrySchema),
      handler: async ({ query }) => {
        const request = listRequest(query, AUDIT_SORT_FIELDS);
        let base = db.selectFrom('audit_logs');
        if (query.user_id) base = base.where('user_id', '=', query.user_id);
        if (query.username) base = base.where('username', '=', query.username);
        if (query.action) base = base.where('action', '=', query.action);
        if (query.resource) base = base.where('resource', '=', query.resource);
        if (query.resource_id) base = base.where('resource_id', '=', query.resource_id);
        if (query.start_timestamp) base = base.where('created_at', '>=', query.start_timestamp);
        if (query.end_timestamp) base = base.where('created_at', '<=', query.end_timestamp);
        const { rows, total } = await pageOf(base, request);
        return {
          data: rows.map(auditRowToWire),
          page: request.page,
          size: request.size,
          total_count: total,
        };
      },
    }),
  ];
}
