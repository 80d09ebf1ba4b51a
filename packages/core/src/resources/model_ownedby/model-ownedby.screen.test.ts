import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { formSchema, screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { MODEL_OWNER_FORM, MODEL_OWNER_SCREEN, type ModelOwnerValues } from './model-ownedby.screen.js';

const openai = { id: 1, name: 'OpenAI', icon: 'https://x.test/openai.svg' };
const custom = { id: 1001, name: 'Acme', icon: '' };

function issues(values: ModelOwnerValues, mode: 'create' | 'edit'): string[] {
  const result = formSchema(MODEL_OWNER_FORM, mode).safeParse(values);
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

const wire = useWireRecorder();

describe('model owner screen (console-screens §18)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(MODEL_OWNER_SCREEN))).toEqual([]);
  });

  it('sends the id chosen on create (none lets the server choose) and the row id on edit', () => {
    expect(MODEL_OWNER_FORM.toInput({ ...MODEL_OWNER_FORM.empty(), name: 'Acme' }, undefined)).toEqual({
      name: 'Acme',
      icon: '',
    });
    expect(MODEL_OWNER_FORM.toInput({ id: 2000, name: 'Acme', icon: '' }, undefined)).toEqual({
      id: 2000,
      name: 'Acme',
      icon: '',
    });
    const values = MODEL_OWNER_FORM.fromRow(openai);
    expect(values).toEqual(openai);
    expect(MODEL_OWNER_FORM.toInput({ ...values, id: 99, name: 'Open AI' }, openai)).toEqual({
      ...openai,
      name: 'Open AI',
    });
  });

  it('refuses a reserved or fractional id and no name on create, but edits a built-in owner', () => {
    expect(issues({ id: 5, name: 'x', icon: '' }, 'create')).toEqual(['id:model_ownedby.errors.id_reserved']);
    expect(issues({ id: 1001.5, name: 'x', icon: '' }, 'create')).toContain('id:validation.integer');
    expect(issues({ name: '', icon: '' }, 'create')).toEqual(['name:validation.required']);
    expect(issues({ name: 'x', icon: 'y'.repeat(513) }, 'create')).toEqual(['icon:validation.max_length']);
    expect(issues({ id: 1, name: 'OpenAI', icon: '' }, 'edit')).toEqual([]);
  });

  it('deletes custom owners only', () => {
    const [remove] = MODEL_OWNER_SCREEN.rowActions;
    expect(remove?.applies?.(openai)).toBe(false);
    expect(remove?.applies?.(custom)).toBe(true);
  });

  it('pages the whole list itself and writes through the API', async () => {
    wire.answer('GET /api/model_ownedby/', [custom, openai, { id: 2, name: 'Anthropic', icon: '' }]);
    const page = await MODEL_OWNER_SCREEN.list(wire.client, { page: 1, size: 2, order: 'id' });
    expect(page.data.map((owner) => owner.id)).toEqual([1, 2]);
    expect(page.total_count).toBe(3);
    await MODEL_OWNER_FORM.create(wire.client, { name: 'Acme', icon: '' });
    await MODEL_OWNER_FORM.update?.(wire.client, MODEL_OWNER_FORM.toInput(openai, openai), openai);
    await MODEL_OWNER_SCREEN.rowActions[0]?.run(wire.client, [custom]);
    expect(wire.requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['GET', '/api/model_ownedby/', undefined],
      ['POST', '/api/model_ownedby/', { name: 'Acme', icon: '' }],
      ['PUT', '/api/model_ownedby/', openai],
      ['DELETE', '/api/model_ownedby/1001', undefined],
    ]);
  });
});
