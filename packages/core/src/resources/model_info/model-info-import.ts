// Bulk import of model info (console-screens §19): a JSON list read (one-hub's price list with
// `model_info` per entry, or plain model-info rows), each row checked by the create schema with its
// own errors, marked new or existing, then sent one by one: a refused row is never sent and does
// not stop the others; existing entries are skipped or overwritten as the admin chose.
import type { ApiClient } from '../../http/client.js';
import type { FieldError } from '../../http/errors.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { createModelInfo, updateModelInfo } from './model-info.api.js';
import { type ModelInfo, type ModelInfoWrite, modelInfoCreateSchema } from './model-info.schema.js';

/** What happens to a model that already has info. */
export type ModelInfoImportStrategy = 'skip' | 'overwrite';

/** One entry of the file, checked. */
export interface ModelInfoImportRow {
  /** Its place in the file, from 1. */
  line: number;
  /** The model id as written ('' when missing). */
  model: string;
  /** The checked body, when the row is valid. */
  input?: ModelInfoWrite;
  /** Why the row is refused (field, i18n key and params): nothing is sent for it. */
  errors: FieldError[];
  /** The stored entry of the same model, when there is one. */
  existing?: ModelInfo;
}

const MODEL_INFO_KEYS = ['name', 'description', 'context_length', 'max_tokens'] as const;

/** The model-info part of an entry: its `model_info`, or the entry itself when it is a flat row. */
function infoOf(entry: Record<string, unknown>): Record<string, unknown> | undefined {
  const nested = entry.model_info;
  if (nested && typeof nested === 'object' && !Array.isArray(nested))
    return { ...(nested as Record<string, unknown>), model: entry.model };
  if (MODEL_INFO_KEYS.some((key) => key in entry)) return entry;
  // A price-list entry without info has nothing to import.
  return undefined;
}

/**
 * Reads a model-info file: `{data: [...]}` or an array of entries; undefined when it is neither.
 * Entries without any model info are left out; every other one is a row with its errors.
 */
export function readModelInfoImport(
  json: unknown,
  stored: readonly ModelInfo[],
): ModelInfoImportRow[] | undefined {
  const list = Array.isArray(json)
    ? json
    : json && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)
      ? (json as { data: unknown[] }).data
      : undefined;
  if (!list) return undefined;
  const byModel = new Map(stored.map((info) => [info.model, info]));
  const seen = new Set<string>();
  const rows: ModelInfoImportRow[] = [];
  list.forEach((entry, index) => {
    const line = index + 1;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      rows.push({
        line,
        model: '',
        errors: [{ field: '_', key: 'model_info.import.not_object', params: {}, message: '' }],
      });
      return;
    }
    const info = infoOf(entry as Record<string, unknown>);
    if (!info) return;
    const model = typeof info.model === 'string' ? info.model.trim() : '';
    const checked = modelInfoCreateSchema.safeParse({ ...info, model });
    const errors = checked.success ? [] : fieldErrorsFromZod(checked.error);
    if (model && seen.has(model))
      errors.push({ field: 'model', key: 'model_info.import.repeated', params: { model }, message: '' });
    if (model) seen.add(model);
    rows.push({
      line,
      model,
      input: errors.length === 0 && checked.success ? checked.data : undefined,
      errors,
      existing: byModel.get(model),
    });
  });
  return rows;
}

/** What the import does with one row. */
export type ModelInfoImportStep = 'create' | 'update' | 'skip' | 'refuse';

/** The step of a row under a strategy: refused rows are never sent; existing ones skipped or updated. */
export function modelInfoImportStep(
  row: ModelInfoImportRow,
  strategy: ModelInfoImportStrategy,
): ModelInfoImportStep {
  if (!row.input) return 'refuse';
  if (!row.existing) return 'create';
  return strategy === 'overwrite' ? 'update' : 'skip';
}

/** How an import went, row by row and in total. */
export interface ModelInfoImportResult {
  imported: number;
  skipped: number;
  /** Rows refused before sending (their own errors). */
  refused: number;
  failed: number;
  /** The server's refusal of a row, by line. */
  failures: Map<number, unknown>;
}

/**
 * Sends the rows one by one (as the console does), reporting progress after each; a row the server
 * refuses is counted and the next one still goes.
 */
export async function runModelInfoImport(
  client: ApiClient,
  rows: readonly ModelInfoImportRow[],
  strategy: ModelInfoImportStrategy,
  progress?: (done: number, total: number) => void,
): Promise<ModelInfoImportResult> {
  const result: ModelInfoImportResult = {
    imported: 0,
    skipped: 0,
    refused: 0,
    failed: 0,
    failures: new Map(),
  };
  let done = 0;
  for (const row of rows) {
    const step = modelInfoImportStep(row, strategy);
    try {
      if (step === 'create' && row.input) {
        await createModelInfo(client, row.input);
        result.imported += 1;
      } else if (step === 'update' && row.input && row.existing) {
        await updateModelInfo(client, { ...row.input, id: row.existing.id });
        result.imported += 1;
      } else if (step === 'refuse') {
        result.refused += 1;
      } else {
        result.skipped += 1;
      }
    } catch (error) {
      result.failed += 1;
      result.failures.set(row.line, error);
    }
    done += 1;
    progress?.(done, rows.length);
  }
  return result;
}
