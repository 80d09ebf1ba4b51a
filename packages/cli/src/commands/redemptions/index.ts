import type { Command } from 'commander';
import {
  getRedemption,
  REDEMPTION_SCREEN,
  type Redemption,
  type RedemptionFormInput,
  type RedemptionValues,
  redemptionSchema,
} from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { byNumericId, type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/** Redemption codes (console-screens §4): `create` prints the new codes, one a line. */
export const REDEMPTION_SPEC: ResourceSpec<Redemption, RedemptionValues, RedemptionFormInput> = {
  name: 'redemptions',
  aliases: ['redemption', 'codes'],
  screen: REDEMPTION_SCREEN,
  get: byNumericId(getRedemption),
  jsonFields: schemaFields(redemptionSchema),
  actionVerbs: { copy: 'key' },
  exportable: true,
};

/** `gw redemptions` (aliases `redemption`, `codes`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, REDEMPTION_SPEC, 'cli.redemptions.description');
}
