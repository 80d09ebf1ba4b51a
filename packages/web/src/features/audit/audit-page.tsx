import { AUDIT_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin audit trail (issue 15), drawn by the kit from core's description: read-only, filterable. */
export function AuditPage() {
  return <ResourceScreen screen={AUDIT_SCREEN} />;
}
