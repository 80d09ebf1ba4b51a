import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { formSchema, screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { USER_GROUP_FORM, USER_GROUP_SCREEN, type UserGroupValues } from './user-groups.screen.js';
import { type UserGroup, userGroupSchema } from './user-groups.schema.js';

const vip: UserGroup = userGroupSchema.parse({
  id: 5,
  symbol: 'vip',
  name: 'VIP',
  ratio: 0.8,
  api_rate: 120,
  public: true,
  promotion: true,
  min: 10,
  max: 100,
  enable: false,
});
const defaultGroup = userGroupSchema.parse({ id: 1, symbol: 'default', name: 'Default' });

/** `field:key` of each issue the form's schema raises for these values in this mode. */
function issues(values: Partial<UserGroupValues>, mode: 'create' | 'edit' = 'create'): string[] {
  const result = formSchema(USER_GROUP_FORM, mode).safeParse({ ...USER_GROUP_FORM.empty(), ...values });
  return result.success ? [] : fieldErrorsFromZod(result.error).map((error) => `${error.field}:${error.key}`);
}

const wire = useWireRecorder();

describe('user group screen (console-screens §6)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(USER_GROUP_SCREEN))).toEqual([]);
  });

  it('starts a new group at ratio 1, 300 requests a minute, enabled and private', () => {
    expect(USER_GROUP_FORM.empty()).toMatchObject({ ratio: 1, api_rate: 300, enable: true, public: false });
  });

  it('sends symbol and enable on create, the id and neither of them on edit', () => {
    const values = USER_GROUP_FORM.fromRow(vip);
    expect(values).toEqual({
      symbol: 'vip',
      name: 'VIP',
      ratio: 0.8,
      api_rate: 120,
      public: true,
      promotion: true,
      min: 10,
      max: 100,
      enable: false,
    });
    expect(USER_GROUP_FORM.toInput(values, undefined)).toEqual(values);
    const update = USER_GROUP_FORM.toInput({ ...values, name: 'Gold' }, vip);
    expect(update).toEqual({
      id: 5,
      name: 'Gold',
      ratio: 0.8,
      api_rate: 120,
      public: true,
      promotion: true,
      min: 10,
      max: 100,
    });
  });

  it.each([
    [
      'a symbol that is not English',
      { symbol: '贵宾', name: 'x' },
      'symbol:user_groups.errors.symbol_english',
    ],
    ['no symbol', { symbol: '', name: 'x' }, 'symbol:validation.required'],
    ['no name', { symbol: 'vip', name: '' }, 'name:validation.required'],
    ['a negative ratio', { symbol: 'vip', name: 'x', ratio: -1 }, 'ratio:validation.min_zero'],
    ['a fractional rate', { symbol: 'vip', name: 'x', api_rate: 2.5 }, 'api_rate:validation.integer'],
    ['max below min', { symbol: 'vip', name: 'x', min: 50, max: 20 }, 'max:user_groups.errors.max_below_min'],
  ])('refuses %s', (_label, values, expected) => {
    expect(issues(values)).toContain(expected);
  });

  it('lets an old symbol through on edit (it is not sent) but keeps the other rules', () => {
    expect(issues({ symbol: '贵宾', name: 'x' }, 'edit')).toEqual([]);
    expect(issues({ symbol: '贵宾', name: 'x', min: 50, max: 20 }, 'edit')).toEqual([
      'max:user_groups.errors.max_below_min',
    ]);
  });

  it('offers neither delete nor a switch on the default group', () => {
    const [remove] = USER_GROUP_SCREEN.rowActions;
    expect(remove?.applies?.(defaultGroup)).toBe(false);
    expect(remove?.applies?.(vip)).toBe(true);
    expect(USER_GROUP_SCREEN.status?.applies?.(defaultGroup)).toBe(false);
  });

  it('lists with the name prefix and the enable filter, and saves through the API', async () => {
    wire.answer('GET /api/user_group/', { data: [vip], page: 1, size: 10, total_count: 1 });
    const page = await USER_GROUP_SCREEN.list(wire.client, {
      page: 2,
      size: 10,
      order: 'id',
      name: 'V',
      enable: 'false',
    });
    expect(page.data[0]?.symbol).toBe('vip');
    expect(wire.requests[0]?.url).toBe('/api/user_group/?page=2&size=10&order=id&Name=V&enable=false');

    const values = { ...USER_GROUP_FORM.empty(), symbol: 'gold', name: 'Gold' };
    await USER_GROUP_FORM.create(wire.client, USER_GROUP_FORM.toInput(values, undefined));
    await USER_GROUP_FORM.update?.(
      wire.client,
      USER_GROUP_FORM.toInput(USER_GROUP_FORM.fromRow(vip), vip),
      vip,
    );
    expect(wire.requests.slice(1).map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', '/api/user_group/', { ...values, api_rate: 300, ratio: 1 }],
      [
        'PUT',
        '/api/user_group/',
        { id: 5, name: 'VIP', ratio: 0.8, api_rate: 120, public: true, promotion: true, min: 10, max: 100 },
      ],
    ]);
  });

  it('toggles only a group whose state changes, and deletes each selected group', async () => {
    const status = USER_GROUP_SCREEN.status;
    await status?.set(wire.client, vip, false);
    await status?.set(wire.client, vip, true);
    await USER_GROUP_SCREEN.rowActions[0]?.run(wire.client, [vip]);
    expect(wire.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'PUT /api/user_group/enable/5',
      'DELETE /api/user_group/5',
    ]);
  });
});
