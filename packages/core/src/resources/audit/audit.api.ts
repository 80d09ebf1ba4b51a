import type { ApiClient } from '../../http/client.js';
import { type Paged, pagedSchema } from '../../http/envelope.js';
import { type AuditEntry, type AuditListQuery, auditEntrySchema } from './audit.schema.js';

export const auditPageSchema = pagedSchema(auditEntrySchema);

/** Lists the audit trail (admin), newest first unless `order` says otherwise. */
export function listAudit(client: ApiClient, query: AuditListQuery = {}): Promise<Paged<AuditEntry>> {
  return client.request('GET', '/api/audit', auditPageSchema, { query: { ...query } });
}
