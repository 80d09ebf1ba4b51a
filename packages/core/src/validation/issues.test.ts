import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod } from './issues.js';

describe('fieldErrorsFromZod', () => {
  it('keeps i18n keys of any section and maps zod’s own sentences to generic keys', () => {
    // Given a schema with a validation key, a section key and a plain zod type check
    const schema = z.object({
      a: z.number().min(1, 'validation.min'),
      b: z.string().min(3, 'redemptions.validation.name_length'),
      c: z.string(),
    });
    // When it fails on every field
    const result = schema.safeParse({ a: 0, b: 'x' });
    expect(result.success).toBe(false);
    const keys = result.success ? [] : fieldErrorsFromZod(result.error).map((error) => error.key);
    // Then the keys are kept, and zod's own sentence becomes a generic key
    expect(keys).toEqual(['validation.min', 'redemptions.validation.name_length', 'validation.required']);
  });
});
