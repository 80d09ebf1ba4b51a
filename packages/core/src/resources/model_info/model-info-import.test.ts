import { describe, expect, it, onTestFinished } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { startWireRecorder } from '../../node/test-support/wire-recorder.js';
import { modelInfoImportStep, readModelInfoImport, runModelInfoImport } from './model-info-import.js';
import { modelInfoSchema } from './model-info.schema.js';

const stored = [modelInfoSchema.parse({ id: 7, model: 'gpt-4o', name: 'GPT-4o' })];
const good = (model: string) => ({
  model,
  type: 'tokens',
  model_info: {
    name: model.toUpperCase(),
    context_length: 8000,
    max_tokens: 1000,
    input_modalities: ['text'],
  },
});

describe('model info bulk import (console-screens §19)', () => {
  it('reads {data: [...]} or a list, leaving out entries without info', () => {
    const rows = readModelInfoImport({ data: [good('a'), { model: 'priced-only', type: 'tokens' }] }, stored);
    expect(rows?.map((row) => row.model)).toEqual(['a']);
    expect(rows?.[0]?.input).toMatchObject({ name: 'A', input_modalities: '["text"]', tags: '[]' });
    expect(readModelInfoImport([{ model: 'flat', name: 'Flat' }], stored)?.[0]?.errors).toEqual([]);
    expect(readModelInfoImport({ rows: [] }, stored)).toBeUndefined();
  });

  it('gives each bad row its own errors, and marks existing models', () => {
    const rows =
      readModelInfoImport(
        [
          good('gpt-4o'),
          { model: 'bad', model_info: { name: '', context_length: -1 } },
          good('gpt-4o'),
          'text',
        ],
        stored,
      ) ?? [];
    expect(rows[0]?.existing?.id).toBe(7);
    expect(rows[1]?.errors.map((error) => `${error.field}:${error.key}`)).toEqual([
      'name:validation.required',
      'context_length:validation.min_zero',
    ]);
    expect(rows[2]?.errors.map((error) => error.key)).toEqual(['model_info.import.repeated']);
    expect(rows[3]?.errors.map((error) => error.key)).toEqual(['model_info.import.not_object']);
    for (const key of [
      'model_info.import.repeated',
      'model_info.import.not_object',
      'model_info.import.summary',
    ])
      for (const language of ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const)
        expect(translate(language, key)).not.toBe(key);
  });

  it('skips or overwrites existing entries and never sends a refused row', () => {
    const [existing, bad, fresh] =
      readModelInfoImport([good('gpt-4o'), { model: 'x', model_info: { name: '' } }, good('new')], stored) ??
      [];
    expect([existing, bad, fresh].map((row) => row && modelInfoImportStep(row, 'skip'))).toEqual([
      'skip',
      'refuse',
      'create',
    ]);
    expect(existing && modelInfoImportStep(existing, 'overwrite')).toBe('update');
  });

  it('sends rows one by one; a row the server refuses does not stop the rest', async () => {
    const wire = await startWireRecorder();
    onTestFinished(wire.close);
    wire.refuse('POST /api/model_info/', 'database is down');
    wire.answer('PUT /api/model_info/', { id: 7, model: 'gpt-4o', name: 'GPT-4O' });
    const rows =
      readModelInfoImport([good('gpt-4o'), good('new'), { model: 'x', model_info: {} }], stored) ?? [];
    const seen: string[] = [];
    const result = await runModelInfoImport(wire.client, rows, 'overwrite', (done, total) =>
      seen.push(`${done}/${total}`),
    );
    expect(result).toMatchObject({ imported: 1, skipped: 0, refused: 1, failed: 1 });
    expect([...result.failures.keys()]).toEqual([2]);
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
    expect(wire.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT /api/model_info/',
      'POST /api/model_info/',
    ]);
  });
});

describe('model info columns (console-screens §19)', () => {
  it('colours modalities and lists tags as chips', async () => {
    const { MODEL_INFO_COLUMNS, modalityTone } = await import('./model-info.fields.js');
    expect(['audio', 'image', 'music', 'text', 'video'].map(modalityTone)).toEqual([
      'warning',
      'primary',
      'error',
      'success',
      'default',
    ]);
    const info = modelInfoSchema.parse({
      id: 1,
      model: 'm',
      input_modalities: '["text","image"]',
      tags: '["hot"]',
    });
    const ctx = { t: (key: string) => key } as never;
    const chips = (id: string) => MODEL_INFO_COLUMNS.find((column) => column.id === id)?.chips?.(info, ctx);
    expect(chips('input_modalities')).toEqual([
      { text: 'text', tone: 'success' },
      { text: 'image', tone: 'primary' },
    ]);
    expect(chips('tags')).toEqual([{ text: 'hot', tone: 'default' }]);
  });
});
