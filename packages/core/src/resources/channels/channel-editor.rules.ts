// The channel editor's rules beyond its fields (console-screens §1.4): what picking a type pre-fills,
// which fields only a tag edits, and the model buttons' lists.
import { CHANNEL_PLUGINS, pluginValuesOf } from './channel-plugins.js';
import { channelTypeDefaults } from './channel-type-defaults.js';

/** The fields a channel that belongs to a tag shows but does not edit (they are edited on the tag). */
export const TAG_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'other',
  'groups',
  'models',
  'model_mapping',
  'model_headers',
  'disabled_stream',
  'proxy',
  'test_model',
  'only_chat',
  'pre_cost',
  'compatible_response',
  'allow_extra_body',
]);

/** Whether a field is locked for a channel of a tag (plugins are tag-only too). */
export function isTagOnlyField(name: string): boolean {
  return TAG_ONLY_FIELDS.has(name) || name.startsWith('plugin.');
}

interface TypedValues {
  type: number;
  models: string[];
  test_model: string;
  base_url: string;
}

/**
 * What picking another type changes: the empty models, test model and base URL take the type's
 * defaults (a value typed is never replaced), and the type's plugin parameters start at their
 * defaults unless already set.
 */
export function channelTypeChanged<Values extends TypedValues>(
  values: Values,
  previous: Values,
): Partial<Values> {
  if (values.type === previous.type) return {};
  const defaults = channelTypeDefaults(values.type);
  const patch: Record<string, unknown> = {};
  if (values.models.length === 0 && defaults.models) patch.models = [...defaults.models];
  if (values.test_model.trim() === '' && defaults.testModel) patch.test_model = defaults.testModel;
  if (values.base_url.trim() === '' && defaults.baseUrl) patch.base_url = defaults.baseUrl;
  for (const [name, value] of Object.entries(pluginValuesOf(values.type, null))) {
    if ((values as Record<string, unknown>)[name] === undefined) patch[name] = value;
  }
  return patch as Partial<Values>;
}

/** Whether the type has plugin sections. */
export const hasChannelPlugins = (type: number): boolean => (CHANNEL_PLUGINS[type]?.length ?? 0) > 0;

/** "Fill the channel's default models": the known models of the type's owner group, added to the list. */
export function withDefaultModels(
  type: number,
  current: readonly string[],
  catalogue: readonly { id: string; owned_by: string }[],
): string[] {
  const group = channelTypeDefaults(type).group;
  const owned = group ? catalogue.filter((model) => model.owned_by === group).map((model) => model.id) : [];
  return [
    ...new Set([
      ...current,
      ...owned,
      ...(owned.length === 0 ? (channelTypeDefaults(type).models ?? []) : []),
    ]),
  ];
}

/** Whether the type offers "fetch models from the provider". */
export const listsProviderModels = (type: number): boolean => channelTypeDefaults(type).listsModels === true;

/** The models as the "copy" button puts them on the clipboard: one comma-separated line. */
export const modelsClipboardText = (models: readonly string[]): string => models.join(',');
