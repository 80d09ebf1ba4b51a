import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { MODEL_INFO_FORM, MODEL_INFO_SCREEN, type ModelInfoValues } from './model-info.screen.js';
import { modelInfoSchema } from './model-info.schema.js';

const gpt = modelInfoSchema.parse({
  id: 3,
  model: 'gpt-4o',
  name: 'GPT-4o',
  context_length: 128_000,
  max_tokens: 16_384,
  input_modalities: '["text","image"]',
  output_modalities: '["text"]',
  tags: 'legacy plain text',
  support_url: '["https://x.test/doc"]',
});

function issues(values: Partial<ModelInfoValues>): string[] {
  const result = MODEL_INFO_FORM.schema.safeParse({
    ...MODEL_INFO_FORM.empty(),
    model: 'm',
    name: 'M',
    ...values,
  });
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

const wire = useWireRecorder();

describe('model info screen (console-screens §19)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(MODEL_INFO_SCREEN))).toEqual([]);
  });

  it('edits the JSON list strings as lists and keeps the support links on edit', () => {
    expect(MODEL_INFO_FORM.empty()).toMatchObject({
      context_length: 128_000,
      max_tokens: 4_096,
      input_modalities: ['text'],
      output_modalities: ['text'],
      tags: [],
    });
    const values = MODEL_INFO_FORM.fromRow(gpt);
    expect(values).toMatchObject({ input_modalities: ['text', 'image'], tags: ['legacy plain text'] });
    expect(MODEL_INFO_FORM.toInput(values, gpt)).toMatchObject({
      id: 3,
      input_modalities: ['text', 'image'],
      support_url: '["https://x.test/doc"]',
    });
    expect(MODEL_INFO_FORM.toInput(values, undefined)).not.toHaveProperty('id');
  });

  it.each([
    [{ model: '' }, 'model:validation.required'],
    [{ name: '' }, 'name:validation.required'],
    [{ context_length: -1 }, 'context_length:validation.min_zero'],
    [{ max_tokens: 1.5 }, 'max_tokens:validation.integer'],
    [{ tags: ['x'.repeat(4_000)] }, 'tags:validation.max_length'],
  ])('refuses %j', (values, expected) => {
    expect(issues(values)).toContain(expected);
  });

  it('offers the models without info as suggestions for the model id', async () => {
    wire.answer('GET /api/prices/model_list', ['gpt-4o', 'claude-3', 'o1']);
    wire.answer('GET /api/model_info/', [gpt]);
    const field = MODEL_INFO_FORM.fields.find((candidate) => candidate.name === 'model');
    expect(field?.freeText).toBe(true);
    const options = await field?.loadOptions?.(wire.client);
    expect(options?.map((option) => option.value)).toEqual(['claude-3', 'o1']);
  });

  it('searches the catalogue by tag or modality, and writes the lists as JSON strings', async () => {
    const other = {
      ...gpt,
      id: 4,
      model: 'whisper',
      name: 'Whisper',
      input_modalities: '["audio"]',
      tags: '[]',
    };
    wire.answer('GET /api/model_info/', [other, gpt]);
    const byModality = await MODEL_INFO_SCREEN.list(wire.client, {
      page: 1,
      size: 10,
      order: '',
      keyword: 'AUDIO',
    });
    expect(byModality.data.map((info) => info.model)).toEqual(['whisper']);
    const all = await MODEL_INFO_SCREEN.list(wire.client, { page: 1, size: 10, order: '' });
    expect(all.data.map((info) => info.id)).toEqual([4, 3]);
    wire.requests.length = 0;
    await MODEL_INFO_FORM.create(
      wire.client,
      MODEL_INFO_FORM.toInput({ ...MODEL_INFO_FORM.empty(), model: 'o1', name: 'o1' }, undefined),
    );
    await MODEL_INFO_FORM.update?.(
      wire.client,
      MODEL_INFO_FORM.toInput(MODEL_INFO_FORM.fromRow(gpt), gpt),
      gpt,
    );
    await MODEL_INFO_SCREEN.rowActions[0]?.run(wire.client, [gpt]);
    expect(wire.requests.map((request) => [request.method, request.url])).toEqual([
      ['POST', '/api/model_info/'],
      ['PUT', '/api/model_info/'],
      ['DELETE', '/api/model_info/3'],
    ]);
    expect(wire.requests[0]?.body).toMatchObject({
      input_modalities: '["text"]',
      tags: '[]',
      support_url: '[]',
    });
    expect(wire.requests[1]?.body).toMatchObject({
      id: 3,
      tags: '["legacy plain text"]',
      support_url: '["https://x.test/doc"]',
    });
  });
});
