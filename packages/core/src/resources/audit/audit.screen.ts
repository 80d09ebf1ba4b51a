// The audit trail screen (issue 15): admins read every administrative change and sign-in lock, newest
// first, filtered by actor, resource, action, record and time. Read-only: no form, no row actions.
import {
  choicesWithAll,
  type FilterDef,
  pagedKeywordQuery,
  queryNumber,
  queryText,
  type ScreenDef,
  type ScreenQuery,
  timeRangeFilters,
} from '../../screens/screen-model.js';
import { listAudit } from './audit.api.js';
import { AUDIT_COLUMNS } from './audit.fields.js';
import { AUDIT_RESOURCES, type AuditEntry, type AuditListQuery } from './audit.schema.js';

/** A screen query as the audit list takes it. */
export function auditListQuery(query: ScreenQuery): AuditListQuery {
  const { page, size, order } = pagedKeywordQuery(query);
  return {
    page,
    size,
    order,
    username: queryText(query, 'username'),
    user_id: queryNumber(query, 'user_id'),
    action: queryText(query, 'action'),
    resource: queryText(query, 'resource'),
    resource_id: queryText(query, 'resource_id'),
    start_timestamp: queryNumber(query, 'start_timestamp'),
    end_timestamp: queryNumber(query, 'end_timestamp'),
  };
}

export const AUDIT_FILTERS: readonly FilterDef[] = [
  { name: 'username', kind: 'text', labelKey: 'audit.filters.username' },
  {
    name: 'resource',
    kind: 'select',
    labelKey: 'audit.fields.resource',
    options: choicesWithAll(AUDIT_RESOURCES, (resource) => `audit.resources.${resource}`),
  },
  {
    name: 'action',
    kind: 'text',
    labelKey: 'audit.fields.action',
    placeholderKey: 'audit.filters.action_placeholder',
  },
  { name: 'resource_id', kind: 'text', labelKey: 'audit.fields.resource_id' },
  ...timeRangeFilters('audit.filters.start_time', 'audit.filters.end_time'),
];

export const AUDIT_SCREEN: ScreenDef<AuditEntry> = {
  id: 'audit',
  titleKey: 'audit.title',
  entity: 'audit',
  rowKey: (entry) => entry.id,
  rowName: (entry) => `${entry.action} ${entry.resource_id}`.trim(),
  columns: AUDIT_COLUMNS,
  list: (client, query) => listAudit(client, auditListQuery(query)),
  filters: AUDIT_FILTERS,
  defaultOrder: '-id',
  pageSizeKey: 'audit',
  emptyKey: 'audit.empty',
  rowActions: [],
};
