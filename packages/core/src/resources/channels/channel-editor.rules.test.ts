import { describe, expect, it } from 'vitest';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { translate } from '../../i18n/i18n.js';
import { channelTypeChanged, isTagOnlyField, withDefaultModels } from './channel-editor.rules.js';
import { pluginObjectOf, pluginValuesOf } from './channel-plugins.js';
import { channelTagUpdateSchema } from './channels-input.schema.js';
import { channelTagDetailSchema, splitChannelKeys } from './channels.schema.js';
import {
  CHANNEL_FORM,
  CHANNEL_TAG_FORM,
  channelFormSchema,
  channelInputFromForm,
  channelTagInputFromForm,
  emptyChannelForm,
} from './channels.screen.js';

describe('channel editor rules (console-screens §1.4)', () => {
  it('picking a type fills only the empty models, test model and base URL, and starts its plugins', () => {
    const empty = emptyChannelForm();
    const claude = channelTypeChanged({ ...empty, type: 14 }, empty);
    expect(claude.models).toContain('claude-3-haiku-20240307');
    expect(claude.test_model).toBe('claude-3-haiku-20240307');
    const typed = { ...empty, models: ['mine'], test_model: 'mine' };
    expect(channelTypeChanged({ ...typed, type: 14 }, typed)).toEqual({});
    expect(channelTypeChanged({ ...empty, type: 39 }, empty).base_url).toBe('https://ollama.com');
    expect(channelTypeChanged({ ...empty, type: 25 }, empty)).toMatchObject({
      'plugin.code_execution.enable': false,
    });
    expect(channelTypeChanged(empty, empty)).toEqual({});
  });

  it('locks the tag-only fields and plugins, never name, key, base URL or extra parameters', () => {
    for (const name of ['type', 'models', 'model_mapping', 'pre_cost', 'plugin.voice.alloy']) {
      expect(isTagOnlyField(name)).toBe(true);
    }
    for (const name of ['name', 'tag', 'key', 'base_url', 'custom_parameter']) {
      expect(isTagOnlyField(name)).toBe(false);
    }
    const models = CHANNEL_FORM.fields.find((field) => field.name === 'models');
    expect(models?.disabled?.({ ...emptyChannelForm(), locked: true })).toBe(true);
    expect(CHANNEL_TAG_FORM.fields.some((field) => field.disabled)).toBe(false);
  });

  it('fills default models from the catalogue by the type’s owner group', () => {
    const catalogue = [
      { id: 'gpt-4o', owned_by: 'OpenAI' },
      { id: 'claude-3', owned_by: 'Anthropic' },
    ];
    expect(withDefaultModels(1, ['x'], catalogue)).toEqual(['x', 'gpt-4o']);
  });

  it('saves Azure’s empty version as 2024-05-01-preview, Spark’s as v2.1, strips the base URL’s slash', () => {
    const azure = channelInputFromForm(
      { ...emptyChannelForm(), type: 3, base_url: 'https://x.openai.azure.com/', models: ['m'], key: 'k' },
      undefined,
    );
    expect(azure.other).toBe('2024-05-01-preview');
    expect(azure.base_url).toBe('https://x.openai.azure.com');
    expect(channelInputFromForm({ ...emptyChannelForm(), type: 18, models: ['m'] }, undefined).other).toBe(
      'v2.1',
    );
  });

  it('batch add keeps a pretty-printed JSON key whole and drops blank lines around plain keys', () => {
    const account = JSON.stringify(
      { type: 'service_account', client_email: 'a@b.c', private_key: 'k' },
      null,
      2,
    );
    const saved = channelInputFromForm(
      { ...emptyChannelForm(), type: 42, models: ['m'], batch: true, key: ` sk-1 \n\n${account}\nsk-2\n` },
      undefined,
    );
    expect(saved.key).toBe(`sk-1\n${account}\nsk-2`);
    expect(splitChannelKeys(saved.key)).toEqual(['sk-1', account, 'sk-2']);
  });

  it('requires a base URL for Azure and Custom', () => {
    const checked = channelFormSchema.safeParse({
      ...emptyChannelForm(),
      type: 3,
      name: 'a',
      key: 'k',
      models: ['m'],
    });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => issue.path.join('.'))).toContain('base_url');
  });

  it('adds mapping keys to the models and de-duplicates the stream-disabled list', () => {
    const input = channelInputFromForm(
      {
        ...emptyChannelForm(),
        models: ['a'],
        model_mapping: '{"b":"a"}',
        disabled_stream: ['x', 'x ', 'y'],
      },
      undefined,
    );
    expect(input.models).toBe('a,b');
    expect(input.disabled_stream).toEqual(['x', 'y']);
  });

  it('keeps plugin parameters through the form', () => {
    const flat = pluginValuesOf(8, { customize: { chat: '/my/chat' } });
    expect(flat['plugin.customize.chat']).toBe('/my/chat');
    expect(flat['plugin.customize.embeddings']).toBe('');
    expect(pluginObjectOf(8, flat)?.customize?.chat).toBe('/my/chat');
    expect(pluginObjectOf(1, flat)).toBeNull();
    const input = channelInputFromForm({ ...emptyChannelForm(), type: 8, ...flat, models: ['m'] }, undefined);
    expect(input.plugin).toMatchObject({ customize: { chat: '/my/chat' } });
  });

  it('edits a tag without type or name, its keys one per line, in what the tag route accepts', () => {
    const names = CHANNEL_TAG_FORM.fields.map((field) => `${field.name}:${field.kind}`);
    expect(names).toContain('key:textarea');
    expect(
      names.some((name) => name.startsWith('type:') || name.startsWith('name:') || name.startsWith('batch:')),
    ).toBe(false);
    const detail = channelTagDetailSchema.parse({
      id: 4,
      type: 1,
      name: 'first',
      tag: 'team',
      key: 'k1\nk2',
      models: 'gpt-4o',
      group: 'default',
    });
    const values = CHANNEL_TAG_FORM.fromRow(detail);
    expect(values.key).toBe('k1\nk2');
    expect(CHANNEL_TAG_FORM.schema.safeParse({ ...values, key: ' ' }).success).toBe(false);
    const checked = CHANNEL_TAG_FORM.schema.parse(values);
    expect(channelTagUpdateSchema.safeParse(CHANNEL_TAG_FORM.toInput(checked, detail)).success).toBe(true);
  });

  it('saves a tag without name or id, keys one per line', () => {
    const input = channelTagInputFromForm({
      ...emptyChannelForm(),
      name: 'n',
      key: 'a\n\n b ',
      models: ['m'],
    });
    expect(input).not.toHaveProperty('name');
    expect(input.key).toBe('a\nb');
  });

  it('names every editor string in all four locales', () => {
    const keys = [
      ...screenI18nKeys({
        titleKey: 'channels.title',
        columns: [],
        filters: [],
        rowActions: [],
        form: CHANNEL_FORM,
      } as never),
      ...CHANNEL_FORM.fields.flatMap((field) =>
        [0, 3, 8, 15, 16, 17, 18, 23, 24, 25, 32, 34, 35, 39, 40, 41, 42, 45, 49, 53, 54, 55].flatMap(
          (type) => {
            const values = { ...emptyChannelForm(), type };
            return [field.labelFor?.(values), field.helpFor?.(values)].filter(
              (key): key is string => key !== undefined,
            );
          },
        ),
      ),
      'channels.editor.tag_title',
      'channels.editor.tag_keys_help',
    ];
    for (const language of ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});
