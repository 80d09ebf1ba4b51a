// The plugin sections of the channel form (console-screens Appendix C.1a): per type, collapsible cards
// of parameters stored in the channel's `plugin` object as `plugin[<plugin>][<param>]`. A bool
// parameter is an "Enable" switch, a text one a multi-line box.

export interface ChannelPluginParam {
  key: string;
  kind: 'bool' | 'text';
}

export interface ChannelPlugin {
  id: string;
  params: readonly ChannelPluginParam[];
}

const text = (...keys: string[]) => keys.map((key) => ({ key, kind: 'text' as const }));
const enable = [{ key: 'enable', kind: 'bool' as const }];
const VOICES = text('alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer');

/** The plugins of each type, in the order the form shows them. */
export const CHANNEL_PLUGINS: Readonly<Record<number, readonly ChannelPlugin[]>> = {
  8: [
    {
      id: 'customize',
      params: text(
        'chat',
        'completions',
        'embeddings',
        'moderations',
        'image_generations',
        'image_edits',
        'image_variations',
        'speech',
        'transcriptions',
        'translations',
        'responses',
      ),
    },
  ],
  15: [{ id: 'use_openai_api', params: enable }],
  16: [
    { id: 'knowledge', params: text('knowledge_id', 'prompt_template') },
    { id: 'web_search', params: enable },
    { id: 'search_tool', params: enable },
    { id: 'drawing_tool', params: enable },
    { id: 'code_tool', params: text('sandbox') },
  ],
  17: [
    { id: 'web_search', params: enable },
    { id: 'use_openai_api', params: enable },
  ],
  20: [{ id: 'provider', params: text('provider') }],
  24: [{ id: 'voice', params: VOICES }],
  25: [
    { id: 'code_execution', params: enable },
    { id: 'use_openai_api', params: enable },
  ],
  27: [{ id: 'voice', params: VOICES }],
  39: [{ id: 'headers', params: text('cf_access_client_id', 'cf_access_client_secret') }],
};

/** The form's flat name of one plugin parameter. */
export const pluginFieldName = (plugin: string, param: string): `plugin.${string}` =>
  `plugin.${plugin}.${param}`;

/** The plugin parameters of a type, flat: `plugin.<plugin>.<param>` → its value or its default. */
export function pluginValuesOf(
  type: number,
  stored: Readonly<Record<string, unknown>> | null | undefined,
): Record<`plugin.${string}`, string | boolean> {
  const values: Record<`plugin.${string}`, string | boolean> = {};
  for (const plugin of CHANNEL_PLUGINS[type] ?? []) {
    const saved = (stored?.[plugin.id] ?? {}) as Record<string, unknown>;
    for (const param of plugin.params) {
      const value = saved[param.key];
      values[pluginFieldName(plugin.id, param.key)] =
        param.kind === 'bool' ? value === true : typeof value === 'string' ? value : '';
    }
  }
  return values;
}

/** The `plugin` object of a type from the form's flat values (null for a type with no plugins). */
export function pluginObjectOf(
  type: number,
  values: Readonly<Record<string, unknown>>,
): Record<string, Record<string, string | boolean>> | null {
  const plugins = CHANNEL_PLUGINS[type];
  if (!plugins) return null;
  const object: Record<string, Record<string, string | boolean>> = {};
  for (const plugin of plugins) {
    const params: Record<string, string | boolean> = {};
    for (const param of plugin.params) {
      const value = values[pluginFieldName(plugin.id, param.key)];
      params[param.key] = param.kind === 'bool' ? value === true : String(value ?? '').trim();
    }
    object[plugin.id] = params;
  }
  return object;
}
