import { Command } from 'commander';
import {
  getModelInfo,
  getModelOwner,
  MODEL_INFO_SCREEN,
  MODEL_OWNER_SCREEN,
  type ModelInfo,
  type ModelOwnedBy,
  modelInfoSchema,
  modelOwnedBySchema,
} from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type AnyResourceSpec, byNumericId, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/** Model owners (console-screens §18): the providers prices and models are grouped under. */
export const OWNER_SPEC: AnyResourceSpec = {
  name: 'owners',
  aliases: ['owner', 'ownedby'],
  screen: MODEL_OWNER_SCREEN,
  get: byNumericId<ModelOwnedBy>(getModelOwner),
  jsonFields: schemaFields(modelOwnedBySchema),
};

/** Model information (console-screens §19): context length, modalities, tags. */
export const MODEL_INFO_SPEC: AnyResourceSpec = {
  name: 'info',
  screen: MODEL_INFO_SCREEN,
  get: byNumericId<ModelInfo>(getModelInfo),
  jsonFields: schemaFields(modelInfoSchema),
};

/** `gw models owners …` and `gw models info …`. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('models')
    .alias('model')
    .description(ctx.t('cli.models.description'))
    .addCommand(resourceCommand(ctx, OWNER_SPEC, 'cli.models.owners'))
    .addCommand(resourceCommand(ctx, MODEL_INFO_SPEC, 'cli.models.info'));
}
