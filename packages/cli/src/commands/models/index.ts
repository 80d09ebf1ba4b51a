import { Command } from 'commander';
import {
  type CatalogueRow,
  getModelInfo,
  MODEL_CATALOGUE_SCREEN,
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

/** A catalogue row as `--json` prints it: the model and its prices, not the catalogue it was cut from. */
function catalogueJson(row: CatalogueRow): unknown {
  const { allGroups: _all, perMillion: _unit, ...model } = row;
  return model;
}

/**
 * The models the signed-in user may call, with their prices per group (console-screens §16): the web's
 * catalogue filters (keyword, unit, owner, modality, tag, group, available only).
 */
export const AVAILABLE_SPEC: AnyResourceSpec = {
  name: 'available',
  aliases: ['catalogue', 'pricing'],
  // The catalogue has no form: none is offered (nor its types carried).
  screen: { ...MODEL_CATALOGUE_SCREEN, form: undefined },
  toJson: catalogueJson,
  jsonFields: [
    'model',
    'name',
    'description',
    'owner',
    'groups',
    'price',
    'inputModalities',
    'outputModalities',
    'tags',
    'contextLength',
    'maxTokens',
  ],
  omit: ['view', 'export'],
};

/** `gw models available`, `gw models owners …` and `gw models info …`. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('models')
    .alias('model')
    .description(ctx.t('cli.models.description'))
    .addCommand(resourceCommand(ctx, AVAILABLE_SPEC, 'cli.models.available'))
    .addCommand(resourceCommand(ctx, OWNER_SPEC, 'cli.models.owners'))
    .addCommand(resourceCommand(ctx, MODEL_INFO_SPEC, 'cli.models.info'));
}
