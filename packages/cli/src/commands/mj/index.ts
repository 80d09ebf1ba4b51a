import type { Command } from 'commander';
import { MIDJOURNEY_SCREEN, type Midjourney, midjourneySchema } from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/**
 * Midjourney jobs (console-screens §20): admins list everyone's, others their own, with the web's
 * filters. Read-only: the list has no form and no actions.
 */
export const MIDJOURNEY_SPEC: ResourceSpec<Midjourney, unknown, unknown> = {
  name: 'mj',
  aliases: ['midjourney'],
  // The Midjourney screen has no form: none is offered (nor its types carried).
  screen: { ...MIDJOURNEY_SCREEN, form: undefined },
  jsonFields: schemaFields(midjourneySchema),
  flagNames: { start_timestamp: 'since', end_timestamp: 'until' },
  omit: ['view', 'export'],
};

/** `gw mj` (alias `midjourney`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, MIDJOURNEY_SPEC, 'cli.mj.description');
}
