import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { modelInfoCreateSchema } from './model-info.schema.js';

const base = { model: 'gpt-4o', name: 'GPT-4o' };

describe('model info list fields (contract §2.10)', () => {
  it('keeps JSON array strings, serialises arrays and fills empty lists', () => {
    const info = modelInfoCreateSchema.parse({
      ...base,
      input_modalities: '["text","image"]',
      tags: ['chat'],
    });
    expect(info.input_modalities).toBe('["text","image"]');
    expect(info.tags).toBe('["chat"]');
    expect(info.output_modalities).toBe('[]');
  });

  it('accepts a plain URL as support_url only', () => {
    expect(modelInfoCreateSchema.parse({ ...base, support_url: 'https://x.test/doc' }).support_url).toBe(
      'https://x.test/doc',
    );
    const tags = modelInfoCreateSchema.safeParse({ ...base, tags: 'https://x.test/doc' });
    expect(tags.success).toBe(false);
  });

  it.each([['not json'], ['{"a":1}'], ['[1,2]']])('refuses %s as a list', (text) => {
    const result = modelInfoCreateSchema.safeParse({ ...base, input_modalities: text });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFromZod(result.error).map((e) => e.key)).toEqual(['model_info.errors.json_list']);
    }
  });
});
