import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { screenI18nKeys, visibleFields } from '../../screens/screen-model.js';
import { CHANNEL_TYPES } from './channel-types.js';
import { translate } from '../../i18n/i18n.js';
import {
  CHANNEL_FORM,
  CHANNEL_SCREEN,
  channelEditFormSchema,
  channelFormFromRow,
  channelFormSchema,
  channelInputFromForm,
  emptyChannelForm,
} from './channels.screen.js';
import { channelCreateSchema } from './channels-input.schema.js';
import { channelSchema } from './channels.schema.js';

const names = (type: number, mode: 'create' | 'edit', batch = false) =>
  visibleFields(CHANNEL_FORM.fields, { ...emptyChannelForm(), type, batch }, mode).map((field) =>
    field.kind === 'textarea' ? `${field.name}[]` : field.name,
  );

describe('channel editor fields follow the type (console-screens §1.4)', () => {
  it('shows base URL, other, mapping and test model only where the type has them', () => {
    expect(names(1, 'create')).toContain('base_url');
    expect(names(1, 'create')).not.toContain('other');
    expect(names(3, 'create')).toContain('other');
    expect(names(24, 'create')).not.toContain('base_url');
    expect(names(24, 'create')).not.toContain('test_model');
    expect(names(34, 'create')).not.toContain('model_mapping');
    expect(names(42, 'create')).toEqual(expect.arrayContaining(['other']));
  });

  it('offers batch add on create only, turning the key into one key per line', () => {
    expect(names(1, 'create')).toContain('batch');
    expect(names(1, 'edit')).not.toContain('batch');
    expect(names(1, 'create', true)).toContain('key[]');
    expect(names(1, 'create', true)).not.toContain('key');
  });

  it('labels `other` by what it means for the type', () => {
    const other = CHANNEL_FORM.fields.find((field) => field.name === 'other');
    expect(other?.labelFor?.({ ...emptyChannelForm(), type: 18 })).toBe('channels.form.other_version');
    expect(translate('en_US', other?.labelFor?.({ ...emptyChannelForm(), type: 3 }) ?? '')).toBe(
      'Default API version',
    );
  });
});

describe('channel editor values', () => {
  const issuesOf = (result: { success: boolean; error?: unknown }) =>
    result.success ? [] : fieldErrorsFromZod(result.error as never).map((issue) => issue.field);

  it('requires a name, a key on create, models, groups and a base URL for Azure and Custom', () => {
    const values = { ...emptyChannelForm(), type: 3, groups: [] };
    expect(issuesOf(channelFormSchema.safeParse(values)).sort()).toEqual(
      ['base_url', 'groups', 'key', 'models', 'name'].sort(),
    );
    // Editing keeps the stored key when the field is empty.
    expect(issuesOf(channelEditFormSchema.safeParse(values))).not.toContain('key');
  });

  it('refuses mapping text that is not a JSON object', () => {
    const values = { ...emptyChannelForm(), name: 'a', key: 'k', models: ['m'], model_mapping: '[1]' };
    expect(issuesOf(channelFormSchema.safeParse(values))).toEqual(['model_mapping']);
  });

  it('serialises lists to the wire and adds mapping keys to the models; the server schema accepts it', () => {
    const input = channelInputFromForm(
      {
        ...emptyChannelForm(),
        type: 3,
        name: ' azure ',
        key: 'k1\n\n k2 \n',
        batch: true,
        base_url: 'https://x.openai.azure.com/',
        groups: ['default', 'vip'],
        models: ['gpt-4o'],
        model_mapping: '{"gpt-4":"gpt-4o"}',
        disabled_stream: ['o1', 'o1', ' '],
      },
      undefined,
    );
    expect(input).toMatchObject({
      name: 'azure',
      key: 'k1\nk2',
      base_url: 'https://x.openai.azure.com',
      other: '2024-05-01-preview',
      group: 'default,vip',
      models: 'gpt-4o,gpt-4',
      disabled_stream: ['o1'],
    });
    expect(channelCreateSchema.safeParse(input).success).toBe(true);
  });

  it('round-trips a stored channel through the editor', () => {
    const channel = channelSchema.parse({
      id: 7,
      type: 1,
      name: 'main',
      group: 'default,vip',
      models: 'gpt-4o,gpt-4o-mini',
      priority: 3,
      weight: 2,
      test_model: 'gpt-4o-mini',
    });
    const values = channelFormFromRow(channel);
    expect(values.groups).toEqual(['default', 'vip']);
    const input = channelInputFromForm(values, channel);
    expect(input).toMatchObject({
      id: 7,
      group: 'default,vip',
      models: 'gpt-4o,gpt-4o-mini',
      priority: 3,
      weight: 2,
      key: '',
    });
  });
});

describe('channel screen', () => {
  it('keeps every filter of §1.2 and the actions of §1.2/§1.3', () => {
    expect(CHANNEL_SCREEN.filters.map((filter) => filter.name)).toEqual([
      'name',
      'models',
      'test_model',
      'key',
      'other',
      'type',
      'status',
      'group',
      'filter_tag',
      'tag',
    ]);
    expect(CHANNEL_SCREEN.toolbarActions?.map((action) => action.id)).toEqual([
      'test_all',
      'update_balances',
      'delete_disabled',
    ]);
    expect(CHANNEL_SCREEN.exportCsv).toBe(true);
    expect(CHANNEL_SCREEN.rowActions.map((action) => action.id)).toEqual([
      'test',
      'update_balance',
      'copy',
      'tag_enable',
      'tag_disable',
      'delete',
      'delete_tag',
    ]);
    expect(CHANNEL_SCREEN.batchActions?.map((action) => action.id)).toEqual([
      'batch_enable',
      'batch_disable',
      'batch_delete',
    ]);
  });

  it('offers a tag row its tag actions and a channel its own (console-screens §1.3)', () => {
    const plain = channelSchema.parse({ id: 1, name: 'a', type: 1, status: 1 });
    const tagged = channelSchema.parse({ id: 2, name: 'b', type: 1, status: 1, tag: 'pool' });
    const ids = (row: typeof plain) =>
      CHANNEL_SCREEN.rowActions.filter((action) => action.applies?.(row) ?? true).map((action) => action.id);
    expect(ids(plain)).toEqual(['test', 'update_balance', 'copy', 'delete']);
    expect(ids(tagged)).toEqual(['tag_enable', 'tag_disable', 'delete_tag']);
    expect(CHANNEL_SCREEN.rowKey(tagged)).toBe('tag:pool');
    expect(CHANNEL_SCREEN.status?.applies?.(tagged)).toBe(false);
  });

  it('has every label, help, confirmation and toast in every locale', () => {
    const keys = screenI18nKeys(CHANNEL_SCREEN);
    const dynamic = CHANNEL_FORM.fields.flatMap((field) =>
      CHANNEL_TYPES.flatMap((type) => [
        field.labelFor?.({ ...emptyChannelForm(), type: type.id }),
        field.helpFor?.({ ...emptyChannelForm(), type: type.id }),
      ]),
    );
    for (const language of ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const) {
      for (const key of [...keys, ...dynamic.filter((key): key is string => key !== undefined)]) {
        expect(translate(language, key), `${language} ${key}`).not.toBe(key);
      }
    }
  });
});
