import type { Command } from 'commander';
import { AUDIT_SCREEN, type AuditEntry, auditEntrySchema } from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/**
 * The audit trail (issue 15, admin): every administrative change and sign-in lock, with the web's filters
 * (`--username`, `--resource`, `--action`, `--resource-id`, `--since`, `--until`). Read-only: the API offers
 * no way to edit or delete an entry.
 */
export const AUDIT_SPEC: ResourceSpec<AuditEntry, unknown, unknown> = {
  name: 'audit',
  aliases: ['audit_log'],
  screen: { ...AUDIT_SCREEN, form: undefined },
  jsonFields: schemaFields(auditEntrySchema),
  flagNames: { start_timestamp: 'since', end_timestamp: 'until' },
  omit: ['view', 'export'],
};

/** `gw audit` (alias `audit_log`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, AUDIT_SPEC, 'cli.audit.description');
}
