import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { CHANNEL_TYPES, channelTypeById, channelTypeNameKey, isOfferedChannelType } from './channel-types.js';
import {
  channelCreateSchema,
  channelQuickUpdateSchema,
  isFullChannelEdit,
  isJsonObjectText,
} from './channels-input.schema.js';
import { channelListQuerySchema } from './channels-requests.schema.js';
import { CHANNEL_COLUMNS, channelResponseTime } from './channels.fields.js';
import { channelSchema, channelStatusKey, splitChannelKeys } from './channels.schema.js';

describe('channel types (contract §4.4)', () => {
  it('knows every listed id, offers the provider types only, and names each in every language', () => {
    expect(CHANNEL_TYPES.map((type) => type.id)).toContain(56);
    expect(isOfferedChannelType(1)).toBe(true);
    expect([0, 2, 43, 44, 46, 48, 50, 999].some(isOfferedChannelType)).toBe(false);
    expect(channelTypeById(3)).toMatchObject({ needsBaseUrl: true, defaultOther: '2024-05-01-preview' });
    expect(channelTypeById(8)?.needsBaseUrl).toBe(true);
    expect(channelTypeNameKey(999)).toBe('channels.types.0');
    for (const language of LANGUAGES) {
      for (const type of CHANNEL_TYPES) {
        expect(translate(language, type.nameKey), `${language} ${type.id}`).not.toBe(type.nameKey);
      }
    }
  });
});

describe('channel wire schema', () => {
  it('reads one-hub nulls and missing fields as their defaults', () => {
    const channel = channelSchema.parse({
      id: 3,
      weight: null,
      priority: null,
      base_url: null,
      model_mapping: null,
      plugin: null,
    });
    expect(channel).toMatchObject({ weight: 1, priority: 0, base_url: '', model_mapping: '', key: '' });
    expect(channel.disabled_stream).toEqual([]);
    expect(channelStatusKey(3)).toBe('channels.status.auto_disabled');
    expect(channelStatusKey(9)).toBe('channels.status.unknown');
  });
});

describe('channel input rules (console-spec §5)', () => {
  const valid = { type: 1, name: 'a', key: 'k', models: 'm', group: 'default' };

  it('accepts a minimal form with the defaults of contract §5.6', () => {
    expect(channelCreateSchema.parse(valid)).toMatchObject({
      weight: 1,
      priority: 0,
      pre_cost: 1,
      status: 1,
    });
  });

  it('says which field is wrong', () => {
    const result = channelCreateSchema.safeParse({ ...valid, type: 3, weight: 0, model_headers: '[1]' });
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues?.sort()).toEqual([
      ['base_url', 'channels.validation.base_url_required'],
      ['model_headers', 'channels.validation.json_object'],
      ['weight', 'channels.validation.weight_min'],
    ]);
  });

  it('tells JSON object texts apart', () => {
    expect(['', '{}', '{"a":1}'].every(isJsonObjectText)).toBe(true);
    expect(['[]', 'null', '"x"', '1', '{'].some(isJsonObjectText)).toBe(false);
  });

  it('splits keys by line and tells a full edit from a quick one by models', () => {
    expect(splitChannelKeys(' a \n\nb\r\n')).toEqual(['a', 'b']);
    // A `{` that opens no JSON object is still an ordinary line.
    expect(splitChannelKeys('{not json\nsk-2\n{"a":1')).toEqual(['{not json', 'sk-2', '{"a":1']);
  });

  it('keeps a pretty-printed JSON key whole, and several JSON objects one after another apart', () => {
    const account = {
      type: 'service_account',
      client_email: 'gw@example.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\nMIIE}{\n-----END PRIVATE KEY-----\n',
      note: 'a "quoted" } brace',
    };
    const pretty = JSON.stringify(account, null, 2);
    expect(pretty.split('\n').length).toBeGreaterThan(4);
    expect(splitChannelKeys(`\n${pretty}\r\n`)).toEqual([pretty]);
    const second = JSON.stringify({ ...account, client_email: 'two@example.com' }, null, 4);
    const keys = splitChannelKeys(`${pretty}\n${second}${JSON.stringify(account)}\nsk-plain\n\n`);
    expect(keys).toEqual([pretty, second, JSON.stringify(account), 'sk-plain']);
    expect(keys.slice(0, 3).map((key) => JSON.parse(key).client_email)).toEqual([
      account.client_email,
      'two@example.com',
      account.client_email,
    ]);
    expect(isFullChannelEdit({ id: 1, models: 'x' })).toBe(true);
    expect(isFullChannelEdit({ id: 1, models: '  ' })).toBe(false);
    expect(isFullChannelEdit(null)).toBe(false);
    expect(channelQuickUpdateSchema.parse({ id: 1, priority: 0 })).toEqual({ id: 1, priority: 0 });
  });

  it('reads empty integer filters as 0 and refuses other filter_tag values', () => {
    expect(channelListQuerySchema.parse({ type: '', status: '', filter_tag: '' })).toMatchObject({
      type: 0,
      status: 0,
      filter_tag: 0,
    });
    expect(channelListQuerySchema.safeParse({ filter_tag: '3' }).success).toBe(false);
  });
});

describe('CHANNEL_COLUMNS', () => {
  it('renders a row through the shared column context', () => {
    const ctx = {
      t: (key: string, params?: Record<string, unknown>) => translate('en_US', key, params),
      quota: { displayInCurrency: false, quotaPerUnit: 500000 },
      time: String,
    };
    const channel = channelSchema.parse({
      id: 7,
      name: 'n',
      type: 14,
      status: 1,
      test_time: 5,
      response_time: 1234,
    });
    const cells = Object.fromEntries(
      CHANNEL_COLUMNS.map((column) => [column.id, column.value(channel, ctx)]),
    );
    expect(cells).toMatchObject({
      id: '7',
      type: 'Anthropic Claude',
      status: 'Enabled',
      response_time: '1.23 s',
    });
    expect(channelResponseTime({ ...channel, test_time: 0 })).toBe('-');
  });
});
