// The channel screen (console-screens §1) described once for every console: its filters, toolbar, row and
// batch actions, the status switch and the editor whose fields follow the channel type (§1.4).
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { ROLES } from '../../roles/roles.js';
import {
  type ActionDef,
  deleteAction,
  type FieldOption,
  type FormDef,
  type FormFieldDef,
  type ScreenDef,
  type ScreenQuery,
} from '../../screens/screen-model.js';
import { channelTypeChanged, isTagOnlyField } from './channel-editor.rules.js';
import { CHANNEL_PLUGINS, pluginFieldName, pluginObjectOf, pluginValuesOf } from './channel-plugins.js';
import {
  deleteChannelTag,
  getChannelTag,
  setChannelTagStatus,
  updateChannelTag,
} from './channel-tags.api.js';
import {
  CHANNEL_PRIORITY_INLINE,
  CHANNEL_WEIGHT_INLINE,
  channelRowKey,
  channelRowName,
  cloneChannel,
  isTagRow,
} from './channel-list.rules.js';
import { CHANNEL_TYPES, channelTypeById } from './channel-types.js';
import {
  CHANNEL_LINE_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_TAG_MAX,
  isJsonObjectText,
} from './channels-input.schema.js';
import {
  type ChannelCreateInput,
  type ChannelTagUpdateInput,
  type ChannelUpdateInput,
  channelCreateSchema,
} from './channels-input.schema.js';
import {
  createChannels,
  deleteChannel,
  deleteChannels,
  deleteDisabledChannels,
  listChannels,
  quickUpdateChannel,
  testAllChannels,
  testChannel,
  updateAllChannelBalances,
  updateChannel,
  updateChannelBalance,
} from './channels.api.js';
import { CHANNEL_COLUMNS } from './channels.fields.js';
import { CHANNEL_STATUS, type Channel, type ChannelTagDetail, splitChannelKeys } from './channels.schema.js';

/** The editor's values as the fields hold them (lists as lists; JSON fields as text). */
export interface ChannelFormValues {
  /** The stored channel's id (0 for a new one): the model list and the check read its stored key. */
  id: number;
  type: number;
  tag: string;
  name: string;
  base_url: string;
  other: string;
  groups: string[];
  models: string[];
  /** Create only: one key per line, one channel each. */
  batch: boolean;
  key: string;
  model_mapping: string;
  model_headers: string;
  custom_parameter: string;
  disabled_stream: string[];
  proxy: string;
  test_model: string;
  only_chat: boolean;
  pre_cost: number;
  compatible_response: boolean;
  allow_extra_body: boolean;
  /** The stored channel belongs to a tag: the tag-only fields are shown but not edited (§1.4). */
  locked: boolean;
  /** The type's plugin parameters, flat (`plugin.customize.chat`), see channel-plugins.ts. */
  [param: `plugin.${string}`]: string | boolean;
}

/** Types whose address is fixed by the provider (no base URL field, §1.4 row 4). */
const NO_BASE_URL: ReadonlySet<number> = new Set([24, 35, 42]);
/** The meaning of `other` per type (§1.4 row 5); types not listed have no such field. */
const OTHER_LABELS: Readonly<Record<number, string>> = {
  3: 'channels.form.other_api_version',
  55: 'channels.form.other_api_version',
  17: 'channels.form.other_plugin',
  18: 'channels.form.other_version',
  25: 'channels.form.other_version',
  24: 'channels.form.other_region',
  42: 'channels.form.other_region_project',
};
/** Types with no test model (§1.4 row 14) and no model mapping (row 9). */
const NO_TEST_MODEL: ReadonlySet<number> = new Set([24, 34, 37, 41, 47]);
const NO_MODEL_MAPPING: ReadonlySet<number> = new Set([34, 41]);
/** Base-URL hints of the types that need one explained. */
const BASE_URL_HINTS: Readonly<Record<number, string>> = {
  3: 'channels.form.base_url_azure',
  8: 'channels.form.base_url_custom',
  39: 'channels.form.base_url_ollama',
  45: 'channels.editor.base_url_siliconflow',
  54: 'channels.form.base_url_databricks',
  55: 'channels.form.base_url_azure',
};
/** Base-URL labels of the types that call it something else (an endpoint, an address). */
const BASE_URL_LABELS: Readonly<Record<number, string>> = {
  3: 'channels.editor.base_url_azure_label',
  55: 'channels.editor.base_url_azure_label',
  39: 'channels.editor.base_url_ollama_label',
  54: 'channels.editor.base_url_databricks_label',
};
/** Hints of `other` (the default an empty value takes, the values it accepts). */
const OTHER_HINTS: Readonly<Record<number, string>> = {
  3: 'channels.editor.other_hint.3',
  18: 'channels.editor.other_hint.18',
  24: 'channels.editor.other_hint.24',
  25: 'channels.editor.other_hint.25',
  42: 'channels.editor.other_hint.42',
  55: 'channels.editor.other_hint.55',
};

const TYPE_OPTIONS: FieldOption[] = CHANNEL_TYPES.filter((type) => type.offered).map((type) => ({
  value: type.id,
  labelKey: type.nameKey,
}));
const STATUS_FILTER: FieldOption[] = [
  { value: '', labelKey: 'common.all' },
  { value: CHANNEL_STATUS.enabled, labelKey: 'channels.status.enabled' },
  { value: CHANNEL_STATUS.disabled, labelKey: 'channels.status.disabled' },
  { value: CHANNEL_STATUS.autoDisabled, labelKey: 'channels.status.auto_disabled' },
];
const TAG_FILTER: FieldOption[] = [
  { value: 0, labelKey: 'channels.filters.tag_mixed' },
  { value: 1, labelKey: 'channels.filters.tag_untagged' },
  { value: 2, labelKey: 'channels.filters.tag_only' },
];
const PRE_COST: FieldOption[] = [
  { value: 1, labelKey: 'channels.form.pre_cost_1' },
  { value: 2, labelKey: 'channels.form.pre_cost_2' },
  { value: 3, labelKey: 'channels.form.pre_cost_3' },
];

const jsonObject = z.string().refine(isJsonObjectText, { message: 'channels.validation.json_object' });
const listOfNames = (message: string) =>
  z.array(z.string().min(1).max(CHANNEL_NAME_MAX, 'validation.too_long')).min(1, message);

const formShape = {
  id: z.number().int(),
  type: z
    .number({ message: 'channels.validation.type_required' })
    .int()
    .refine((id) => channelTypeById(id)?.offered === true, { message: 'channels.validation.type_unknown' }),
  tag: z.string().max(CHANNEL_TAG_MAX, 'validation.too_long'),
  name: z.string().min(1, 'channels.validation.name_required').max(CHANNEL_NAME_MAX, 'validation.too_long'),
  base_url: z.string(),
  other: z.string().max(CHANNEL_LINE_MAX, 'validation.too_long'),
  groups: listOfNames('channels.validation.group_required'),
  models: listOfNames('channels.validation.models_required'),
  batch: z.boolean(),
  key: z.string(),
  model_mapping: jsonObject,
  model_headers: jsonObject,
  custom_parameter: jsonObject,
  disabled_stream: z.array(z.string().max(CHANNEL_NAME_MAX, 'validation.too_long')),
  proxy: z.string().max(CHANNEL_LINE_MAX, 'validation.too_long'),
  test_model: z.string().max(CHANNEL_NAME_MAX, 'validation.too_long'),
  only_chat: z.boolean(),
  pre_cost: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'channels.validation.pre_cost' }),
  compatible_response: z.boolean(),
  allow_extra_body: z.boolean(),
  locked: z.boolean(),
};
/** The plugin parameters ride along unchecked beside the named fields. */
const formObject = () => z.object(formShape).catchall(z.union([z.string(), z.boolean()]));

function baseUrlRule(values: { type: number; base_url: string }, ctx: z.RefinementCtx): void {
  if (channelTypeById(values.type)?.needsBaseUrl && values.base_url.trim() === '') {
    ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'channels.validation.base_url_required' });
  }
}

/** The editor's check when creating: a key is required (several with batch add). */
export const channelFormSchema = formObject()
  .superRefine(baseUrlRule)
  .superRefine((values, ctx) => {
    if (values.key.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'channels.validation.key_required' });
    }
  }) as unknown as z.ZodType<ChannelFormValues>;
/** When editing an empty key keeps the stored one. */
export const channelEditFormSchema = formObject().superRefine(
  baseUrlRule,
) as unknown as z.ZodType<ChannelFormValues>;

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** The editor's values of a stored channel. */
export function channelFormFromRow(channel: Channel): ChannelFormValues {
  return {
    id: channel.id,
    type: channel.type,
    tag: channel.tag,
    name: channel.name,
    base_url: channel.base_url,
    other: channel.other,
    groups: splitList(channel.group),
    models: splitList(channel.models),
    batch: false,
    key: '',
    model_mapping: channel.model_mapping,
    model_headers: channel.model_headers,
    custom_parameter: channel.custom_parameter,
    disabled_stream: [...channel.disabled_stream],
    proxy: channel.proxy,
    test_model: channel.test_model,
    only_chat: channel.only_chat,
    pre_cost: channel.pre_cost,
    compatible_response: channel.compatible_response,
    allow_extra_body: channel.allow_extra_body,
    locked: channel.tag !== '',
    ...pluginValuesOf(channel.type, channel.plugin),
  };
}

/** A new channel: OpenAI, the default group, normal pre-billing (§1.4 defaults). */
export function emptyChannelForm(): ChannelFormValues {
  return {
    id: 0,
    type: 1,
    tag: '',
    name: '',
    base_url: '',
    other: '',
    groups: ['default'],
    models: [],
    batch: false,
    key: '',
    model_mapping: '',
    model_headers: '',
    custom_parameter: '',
    disabled_stream: [],
    proxy: '',
    test_model: '',
    only_chat: false,
    pre_cost: 1,
    compatible_response: false,
    allow_extra_body: false,
    locked: false,
  };
}

/** Pretty JSON of a mapping text, with its keys (requested models) added to the model list (§1.4 row 9). */
function mappingKeys(mapping: string): string[] {
  if (mapping.trim() === '') return [];
  return Object.keys(JSON.parse(mapping) as Record<string, unknown>);
}

/** The request body of the editor's values (§1.4 "Submit serialises"). */
export function channelInputFromForm(
  values: ChannelFormValues,
  row: Channel | undefined,
): ChannelCreateInput & Partial<ChannelUpdateInput> {
  const type = channelTypeById(values.type);
  const models = [...new Set([...values.models, ...mappingKeys(values.model_mapping)])];
  const other = values.other.trim() || (OTHER_LABELS[values.type] ? (type?.defaultOther ?? '') : '');
  const keys = values.batch ? splitChannelKeys(values.key).join('\n') : values.key.trim();
  return {
    ...(row ? { id: row.id } : {}),
    type: values.type,
    tag: values.tag.trim(),
    name: values.name.trim(),
    key: keys,
    base_url: NO_BASE_URL.has(values.type) ? '' : values.base_url.trim().replace(/\/+$/, ''),
    other,
    group: values.groups.join(','),
    models: models.join(','),
    model_mapping: values.model_mapping.trim(),
    model_headers: values.model_headers.trim(),
    custom_parameter: values.custom_parameter.trim(),
    disabled_stream: [...new Set(values.disabled_stream.map((name) => name.trim()).filter(Boolean))],
    proxy: values.proxy.trim(),
    test_model: values.test_model.trim(),
    only_chat: values.only_chat,
    pre_cost: values.pre_cost as 1 | 2 | 3,
    compatible_response: values.compatible_response,
    allow_extra_body: values.allow_extra_body,
    plugin: pluginObjectOf(values.type, values as unknown as Record<string, unknown>),
    ...(row ? { priority: row.priority, weight: row.weight } : {}),
  };
}

/** Key formats worth a hint (console-screens Appendix C.1), by type. */
const KEY_HINTS: ReadonlySet<number> = new Set([15, 18, 23, 32, 34, 35, 39, 40, 41, 42, 49, 53, 54]);
const keyHelp = (values: ChannelFormValues) =>
  KEY_HINTS.has(values.type) ? `channels.editor.key_hint.${values.type}` : undefined;
/** Tag-only fields are locked on a channel of a tag (§1.4). */
const lockable = <F extends FormFieldDef<ChannelFormValues>>(field: F): F =>
  isTagOnlyField(field.name) ? { ...field, disabled: (values) => values.locked } : field;

/** One field per plugin parameter, in a card per plugin, shown for the plugin's type (Appendix C.1a). */
const PLUGIN_FIELDS: FormFieldDef<ChannelFormValues>[] = Object.entries(CHANNEL_PLUGINS).flatMap(
  ([type, plugins]) =>
    plugins.flatMap((plugin) =>
      plugin.params.map(
        (param): FormFieldDef<ChannelFormValues> => ({
          name: pluginFieldName(plugin.id, param.key),
          kind: param.kind === 'bool' ? 'switch' : 'textarea',
          labelKey:
            param.kind === 'bool'
              ? 'channels.editor.plugin_enable'
              : `channels.editor.plugins.${plugin.id}.${param.key}`,
          section: `channels.editor.plugins.${plugin.id}.title`,
          helpKey: param.kind === 'bool' ? `channels.editor.plugins.${plugin.id}.help` : undefined,
          visible: (values) => values.type === Number(type),
        }),
      ),
    ),
);

/** The editor's fields in the order of §1.4 (the web adds the model buttons under `models`). */
const CHANNEL_FIELDS: FormFieldDef<ChannelFormValues>[] = (
  [
    { name: 'type', kind: 'select', labelKey: 'channels.fields.type', options: TYPE_OPTIONS, required: true },
    { name: 'tag', kind: 'text', labelKey: 'channels.fields.tag', helpKey: 'channels.form.tag_help' },
    { name: 'name', kind: 'text', labelKey: 'channels.fields.name', required: true },
    {
      name: 'base_url',
      kind: 'text',
      labelKey: 'channels.fields.base_url',
      labelFor: (values) => BASE_URL_LABELS[values.type],
      visible: (values) => !NO_BASE_URL.has(values.type),
      helpFor: (values) => BASE_URL_HINTS[values.type],
      required: false,
    },
    {
      name: 'other',
      kind: 'text',
      labelKey: 'channels.fields.other',
      labelFor: (values) => OTHER_LABELS[values.type],
      helpFor: (values) => OTHER_HINTS[values.type],
      visible: (values) => OTHER_LABELS[values.type] !== undefined,
    },
    {
      name: 'groups',
      kind: 'multi-select',
      labelKey: 'channels.fields.group',
      optionSource: 'user_groups',
      required: true,
    },
    {
      name: 'models',
      kind: 'multi-select',
      labelKey: 'channels.fields.models',
      optionSource: 'models',
      // Free solo (console-screens §1.4 row 7): a model no channel offers yet may be typed.
      freeText: true,
      // A chip click copies the model's id (§1.4 row 7).
      copyChips: true,
      helpKey: 'channels.form.models_help',
      required: true,
    },
    { name: 'batch', kind: 'switch', labelKey: 'channels.form.batch', only: 'create' },
    {
      name: 'key',
      kind: 'password',
      labelKey: 'channels.fields.key',
      helpKey: 'channels.form.key_help',
      helpFor: keyHelp,
      visible: (values) => !values.batch,
    },
    {
      name: 'key',
      kind: 'textarea',
      labelKey: 'channels.fields.key',
      helpKey: 'channels.form.keys_help',
      only: 'create',
      visible: (values) => values.batch,
    },
    {
      name: 'model_mapping',
      kind: 'key-value',
      labelKey: 'channels.form.model_mapping',
      helpKey: 'channels.form.model_mapping_help',
      visible: (values) => !NO_MODEL_MAPPING.has(values.type),
    },
    { name: 'model_headers', kind: 'key-value', labelKey: 'channels.form.model_headers' },
    {
      name: 'custom_parameter',
      kind: 'json',
      labelKey: 'channels.form.custom_parameter',
      helpKey: 'channels.form.custom_parameter_help',
    },
    {
      name: 'disabled_stream',
      kind: 'list',
      labelKey: 'channels.form.disabled_stream',
      optionSource: 'models',
      freeText: true,
    },
    { name: 'proxy', kind: 'text', labelKey: 'channels.form.proxy', helpKey: 'channels.form.proxy_help' },
    {
      name: 'test_model',
      kind: 'text',
      labelKey: 'channels.fields.test_model',
      visible: (values) => !NO_TEST_MODEL.has(values.type),
    },
    {
      name: 'only_chat',
      kind: 'switch',
      labelKey: 'channels.form.only_chat',
      helpKey: 'channels.form.only_chat_help',
    },
    { name: 'pre_cost', kind: 'select', labelKey: 'channels.form.pre_cost', options: PRE_COST },
    { name: 'compatible_response', kind: 'switch', labelKey: 'channels.form.compatible_response' },
    { name: 'allow_extra_body', kind: 'switch', labelKey: 'channels.form.allow_extra_body' },
  ] satisfies FormFieldDef<ChannelFormValues>[] as FormFieldDef<ChannelFormValues>[]
)
  .concat(PLUGIN_FIELDS)
  .map(lockable);

export const CHANNEL_FORM: FormDef<Channel, ChannelFormValues, ReturnType<typeof channelInputFromForm>> = {
  fields: CHANNEL_FIELDS,
  schema: channelFormSchema,
  editSchema: channelEditFormSchema,
  empty: emptyChannelForm,
  fromRow: channelFormFromRow,
  toInput: channelInputFromForm,
  changed: channelTypeChanged,
  // No `load`: a list row has every field but the key, and an empty key keeps the stored one.
  create: (client, input) => createChannels(client, channelCreateSchema.parse(input)),
  update: (client, input) => updateChannel(client, input as ChannelUpdateInput),
  // The titles stay the kit's own ("New", "Edit"): every face names its create form the same way.
  createdKey: 'channels.editor.created',
  updatedKey: 'channels.editor.updated',
};

/** Tag mode (§1.4): no type or name, the keys one per line; the rest applies to every channel of the tag. */
const TAG_FIELDS: FormFieldDef<ChannelFormValues>[] = CHANNEL_FIELDS.filter(
  (field) => !['type', 'name', 'batch', 'key'].includes(field.name),
).map(({ disabled: _, ...field }) => field);
TAG_FIELDS.splice(
  TAG_FIELDS.findIndex((field) => field.name === 'model_mapping'),
  0,
  {
    name: 'key',
    kind: 'textarea',
    labelKey: 'channels.fields.key',
    helpKey: 'channels.editor.tag_keys_help',
    required: true,
  },
);

/** The tag editor's check: a key line at least, no name (each channel keeps its own). */
export const channelTagFormSchema = formObject()
  .omit({ name: true })
  .superRefine(baseUrlRule)
  .superRefine((values, ctx) => {
    if (values.key.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['key'], message: 'channels.validation.key_required' });
    }
  }) as unknown as z.ZodType<ChannelFormValues>;

/** The `PUT /api/channel_tag/:tag` body of the tag editor's values. */
export function channelTagInputFromForm(values: ChannelFormValues): ChannelTagUpdateInput {
  const {
    id: _id,
    name: _name,
    priority: _p,
    weight: _w,
    ...shared
  } = channelInputFromForm({ ...values, batch: true }, undefined) as ChannelCreateInput & {
    id?: number;
    priority?: number;
    weight?: number;
  };
  return shared;
}

/** The tag editor (§1.4 tag mode): loads `GET /api/channel_tag/:tag`, saves `PUT /api/channel_tag/:tag`. */
export const CHANNEL_TAG_FORM: FormDef<ChannelTagDetail, ChannelFormValues, ChannelTagUpdateInput> = {
  fields: TAG_FIELDS,
  schema: channelTagFormSchema,
  empty: emptyChannelForm,
  fromRow: (detail) => ({ ...channelFormFromRow(detail), key: detail.key, locked: false }),
  toInput: channelTagInputFromForm,
  changed: channelTypeChanged,
  // The opener knows only the tag's name.
  load: (client, row) => getChannelTag(client, row.tag),
  create: () => Promise.reject(new Error('a tag is made by tagging channels')),
  update: (client, input, detail) => updateChannelTag(client, detail.tag, input),
  editTitleKey: 'channels.editor.tag_title',
  updatedKey: 'channels.editor.updated',
};

/** A clone of a channel (§1.3 "Copy"): the stored fields, a new name, no test or balance history. */
export function copyChannel(client: ApiClient, id: number): Promise<unknown> {
  return cloneChannel(client, id);
}

const untagged = (channel: Channel) => !isTagRow(channel);

/** Enable or disable every channel of a tag row's tag (console-screens §1.3), asked first. */
function tagStatusAction(status: 'enable' | 'disable'): ActionDef<Channel> {
  return {
    id: `tag_${status}`,
    labelKey: `channels.list.${status}_all`,
    icon: status === 'enable' ? 'play' : 'pause',
    confirmKey: `channels.list.confirm_${status}_all`,
    run: (client, [channel]) => setChannelTagStatus(client, (channel as Channel).tag, status),
    doneKey: `channels.list.tag_${status}d`,
  };
}

/** Enable or disable the selected channels, one status update each (a tag row: its whole tag). */
function batchStatusAction(status: 'enable' | 'disable'): ActionDef<Channel> {
  return {
    id: `batch_${status}`,
    labelKey: `common.${status}`,
    icon: status === 'enable' ? 'play' : 'pause',
    run: async (client, channels) => {
      for (const channel of channels) {
        if (isTagRow(channel)) await setChannelTagStatus(client, channel.tag, status);
        else
          await quickUpdateChannel(client, {
            id: channel.id,
            status: status === 'enable' ? CHANNEL_STATUS.enabled : CHANNEL_STATUS.disabled,
          });
      }
    },
    doneKey: 'channels.messages.updated',
  };
}

export const CHANNEL_SCREEN: ScreenDef<
  Channel,
  ChannelFormValues,
  ReturnType<typeof channelInputFromForm>
> = {
  id: 'channel',
  titleKey: 'channels.title',
  entity: 'channels',
  // The list shows one row per tag (its newest channel stands for it): such a row is keyed and named by its tag.
  rowKey: channelRowKey,
  rowName: channelRowName,
  columns: CHANNEL_COLUMNS,
  list: (client, query: ScreenQuery) => listChannels(client, query),
  filters: [
    { name: 'name', kind: 'text', labelKey: 'channels.fields.name' },
    { name: 'models', kind: 'text', labelKey: 'channels.fields.models' },
    { name: 'test_model', kind: 'text', labelKey: 'channels.fields.test_model' },
    { name: 'key', kind: 'text', labelKey: 'channels.fields.key' },
    { name: 'other', kind: 'text', labelKey: 'channels.fields.other' },
    {
      name: 'type',
      kind: 'select',
      labelKey: 'channels.fields.type',
      options: [{ value: '', labelKey: 'common.all' }, ...TYPE_OPTIONS],
    },
    { name: 'status', kind: 'select', labelKey: 'channels.fields.status', options: STATUS_FILTER },
    { name: 'group', kind: 'select', labelKey: 'channels.fields.group', optionSource: 'user_groups' },
    { name: 'filter_tag', kind: 'select', labelKey: 'channels.filters.tag_filter', options: TAG_FILTER },
    { name: 'tag', kind: 'select', labelKey: 'channels.fields.tag', optionSource: 'channel_tags' },
  ],
  defaultOrder: '-id',
  pageSizeKey: 'channel',
  status: {
    column: 'status',
    // A tag row switches every channel of its tag (its own actions), not the one standing for it.
    applies: (channel) => !isTagRow(channel),
    isOn: (channel) => channel.status === CHANNEL_STATUS.enabled,
    set: (client, channel, on) =>
      quickUpdateChannel(client, {
        id: channel.id,
        status: on ? CHANNEL_STATUS.enabled : CHANNEL_STATUS.disabled,
      }),
  },
  // Edited in their columns, saved by their ✓ (§1.3).
  inlineNumbers: [CHANNEL_PRIORITY_INLINE, CHANNEL_WEIGHT_INLINE],
  rowActions: [
    {
      id: 'test',
      labelKey: 'channels.actions.test',
      icon: 'dashboard',
      applies: untagged,
      run: (client, [channel]) => testChannel(client, (channel as Channel).id),
    },
    {
      id: 'update_balance',
      labelKey: 'channels.actions.update_balance',
      icon: 'dollar',
      applies: untagged,
      run: (client, [channel]) => updateChannelBalance(client, (channel as Channel).id),
      doneKey: 'channels.messages.balance_updated',
    },
    {
      id: 'copy',
      labelKey: 'channels.actions.copy',
      icon: 'duplicate',
      applies: untagged,
      run: (client, [channel]) => copyChannel(client, (channel as Channel).id),
      doneKey: 'channels.messages.copied',
    },
    { ...tagStatusAction('enable'), applies: isTagRow },
    { ...tagStatusAction('disable'), applies: isTagRow },
    {
      ...deleteAction<Channel>('channels.confirm.delete', 'channels.messages.deleted', (client, channel) =>
        deleteChannel(client, channel.id),
      ),
      applies: untagged,
    },
    {
      id: 'delete_tag',
      labelKey: 'channels.list.delete_tag',
      icon: 'trash',
      intent: 'danger',
      applies: isTagRow,
      confirmKey: 'channels.list.confirm_delete_tag',
      run: (client, [channel]) => deleteChannelTag(client, (channel as Channel).tag),
      doneKey: 'channels.list.tag_deleted',
    },
  ],
  toolbarActions: [
    {
      id: 'test_all',
      labelKey: 'channels.actions.test_all',
      icon: 'dashboard',
      confirmKey: 'channels.confirm.test_all',
      run: (client) => testAllChannels(client),
      doneKey: 'channels.messages.test_started',
    },
    {
      id: 'update_balances',
      labelKey: 'channels.actions.update_balances',
      icon: 'dollar',
      confirmKey: 'channels.confirm.update_balances',
      run: (client) => updateAllChannelBalances(client),
      doneKey: 'channels.messages.balance_all_updated',
    },
    {
      id: 'delete_disabled',
      labelKey: 'channels.actions.delete_disabled',
      icon: 'trash',
      intent: 'danger',
      role: ROLES.admin,
      confirmKey: 'channels.confirm.delete_disabled',
      run: (client) => deleteDisabledChannels(client),
      doneKey: 'channels.messages.deleted_count',
    },
  ],
  batchActions: [
    batchStatusAction('enable'),
    batchStatusAction('disable'),
    {
      id: 'batch_delete',
      labelKey: 'channels.actions.batch_delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'channels.confirm.batch_delete',
      run: (client, channels) =>
        deleteChannels(
          client,
          channels.map((channel) => channel.id),
        ),
      doneKey: 'channels.messages.deleted_count',
    },
  ],
  form: CHANNEL_FORM,
  editable: true,
  // The current filter, every page, as CSV (issue 9: the channel and user lists).
  exportCsv: true,
  // "Refresh & clear filters" (console-screens §1.2).
  refreshClearsFilters: true,
  // The filters apply on Search only (console-screens §1.2, §15).
  searchButton: true,
};
