import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { createdListFile, screenI18nKeys, visibleFields } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { REDEMPTION_FORM, REDEMPTION_SCREEN, type RedemptionValues } from './redemptions.screen.js';
import { type Redemption, redemptionSchema } from './redemptions.schema.js';

const code = (status: number): Redemption =>
  redemptionSchema.parse({ id: 7, key: 'a'.repeat(32), status, name: 'gift', quota: 250_000 });

function issues(values: Partial<RedemptionValues>): string[] {
  const result = REDEMPTION_FORM.schema.safeParse({ ...REDEMPTION_FORM.empty(), ...values });
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

const wire = useWireRecorder();

describe('redemption screen (console-screens §4)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(REDEMPTION_SCREEN))).toEqual([]);
  });

  it('asks the count on create only, and sends it on create only', () => {
    const names = (mode: 'create' | 'edit') =>
      visibleFields(REDEMPTION_FORM.fields, REDEMPTION_FORM.empty(), mode).map((field) => field.name);
    expect(names('create')).toEqual(['name', 'quota', 'count']);
    expect(names('edit')).toEqual(['name', 'quota']);
    expect(REDEMPTION_FORM.empty()).toEqual({ name: '', quota: 100_000, count: 1 });
    const values = REDEMPTION_FORM.fromRow(code(1));
    expect(values).toEqual({ name: 'gift', quota: 250_000, count: 1 });
    expect(REDEMPTION_FORM.toInput({ ...values, count: 5 }, undefined)).toEqual({
      name: 'gift',
      quota: 250_000,
      count: 5,
    });
    expect(REDEMPTION_FORM.toInput({ ...values, name: 'prize' }, code(1))).toEqual({
      id: 7,
      name: 'prize',
      quota: 250_000,
    });
  });

  it.each([
    [{ name: '' }, 'name:validation.required'],
    [{ name: '一二三四五六七' }, 'name:redemptions.validation.name_too_long'],
    [{ name: 'x', quota: -1 }, 'quota:validation.min_zero'],
    [{ name: 'x', quota: 1.5 }, 'quota:validation.integer'],
    [{ name: 'x', count: 0 }, 'count:redemptions.validation.count_range'],
    [{ name: 'x', count: 101 }, 'count:redemptions.validation.count_range'],
  ])('refuses %j', (values, expected) => {
    expect(issues(values)).toContain(expected);
  });

  it('keeps a used code from its switch and its editor, not from delete or copy', () => {
    expect(REDEMPTION_SCREEN.status?.applies?.(code(3))).toBe(false);
    expect(REDEMPTION_SCREEN.editableRow?.(code(3))).toBe(false);
    expect(REDEMPTION_SCREEN.editableRow?.(code(2))).toBe(true);
    expect(REDEMPTION_SCREEN.status?.isOn(code(1))).toBe(true);
    expect(REDEMPTION_SCREEN.status?.isOn(code(2))).toBe(false);
  });

  it('shows the generated codes and downloads them as <name>.txt when there are several', async () => {
    const keys = ['1'.repeat(32), '2'.repeat(32)];
    wire.answer('POST /api/redemption/', keys);
    const values = { name: 'promo', quota: 500_000, count: 2 };
    const created = await REDEMPTION_FORM.create(wire.client, REDEMPTION_FORM.toInput(values, undefined));
    expect(wire.requests[0]).toMatchObject({ method: 'POST', url: '/api/redemption/', body: values });
    const after = REDEMPTION_FORM.afterCreate;
    expect(after && createdListFile(after, values, created)).toEqual({
      name: 'promo.txt',
      text: `${keys[0]}\n${keys[1]}\n`,
      autoDownload: true,
    });
  });

  it('copies the code, switches, edits and deletes through the API', async () => {
    const [copy, remove] = REDEMPTION_SCREEN.rowActions;
    expect(copy?.result).toBe('copy');
    expect(await copy?.run(wire.client, [code(1)])).toBe('a'.repeat(32));
    wire.answer('PUT /api/redemption/', { id: 7, status: 2, name: 'gift' });
    await REDEMPTION_SCREEN.status?.set(wire.client, code(1), false);
    await REDEMPTION_FORM.update?.(
      wire.client,
      REDEMPTION_FORM.toInput({ name: 'n', quota: 3, count: 1 }, code(1)),
      code(1),
    );
    await remove?.run(wire.client, [code(2)]);
    wire.answer('GET /api/redemption/', { data: [], page: 1, size: 10, total_count: 0 });
    await REDEMPTION_SCREEN.list(wire.client, { page: 1, size: 10, order: '-id', keyword: 'gi' });
    expect(wire.requests.map((request) => [request.method, request.url, request.body])).toEqual([
      ['PUT', '/api/redemption/?status_only=true', { id: 7, status: 2 }],
      ['PUT', '/api/redemption/', { id: 7, name: 'n', quota: 3 }],
      ['DELETE', '/api/redemption/7', undefined],
      ['GET', '/api/redemption/?page=1&size=10&order=-id&keyword=gi', undefined],
    ]);
  });
});
