// Model info rules of contract §2.10: `model` is unique; the list fields are JSON array strings (core
// validates them).
import {
  type ModelInfo,
  type Price,
  type ModelInfoUpdate,
  type ModelInfoWrite,
  nowSeconds,
  parseJsonStringList,
} from '@gw/core';
import { fieldFailure, notFound } from '../../shared/api-failure.js';
import type { ModelInfoRepository, StoredModelInfo } from './model-info.repository.js';

const toWire = (row: StoredModelInfo): ModelInfo => ({ ...row });

/** The model info rules over a repository. */
export function createModelInfoService(infos: ModelInfoRepository) {
  async function existing(id: number): Promise<StoredModelInfo> {
    const row = await infos.findById(id);
    if (!row) throw notFound('model_info.errors.not_found');
    return row;
  }

  async function checkUnique(model: string, ownId?: number): Promise<void> {
    const other = await infos.findByModel(model);
    if (other && other.id !== ownId) throw fieldFailure('model', 'model_info.errors.model_exists', { model });
  }

  return {
    /** Each model's info decoded as a price embeds it (contract §2.10: list fields as arrays, no id). */
    async decodedByModel(): Promise<Map<string, NonNullable<Price['model_info']>>> {
      const rows = await infos.all();
      return new Map(
        rows.map((row) => [
          row.model,
          {
            model: row.model,
            name: row.name,
            description: row.description,
            context_length: row.context_length,
            max_tokens: row.max_tokens,
            input_modalities: parseJsonStringList(row.input_modalities) ?? [],
            output_modalities: parseJsonStringList(row.output_modalities) ?? [],
            tags: parseJsonStringList(row.tags) ?? [],
            support_url: parseJsonStringList(row.support_url) ?? [row.support_url],
          },
        ]),
      );
    },

    async list(): Promise<ModelInfo[]> {
      return (await infos.all()).map(toWire);
    },

    async get(id: number): Promise<ModelInfo> {
      return toWire(await existing(id));
    },

    async create(input: ModelInfoWrite): Promise<ModelInfo> {
      await checkUnique(input.model);
      const now = nowSeconds();
      const id = await infos.insert({ ...input, created_at: now, updated_at: now });
      return toWire(await existing(id));
    },

    async update(input: ModelInfoUpdate): Promise<ModelInfo> {
      const { id, ...fields } = input;
      const current = await existing(id);
      await checkUnique(fields.model, current.id);
      await infos.update(current.id, { ...fields, updated_at: nowSeconds() });
      return toWire(await existing(current.id));
    },

    async delete(id: number): Promise<void> {
      await existing(id);
      await infos.delete(id);
    },
  };
}

export type ModelInfoService = ReturnType<typeof createModelInfoService>;
