// The channel (upstream provider) types of contract §4.4. Names are i18n keys; ids are one-hub's.

/** One channel type: its id, the i18n key of its name and what the channel form needs for it. */
export interface ChannelType {
  id: number;
  /** i18n key of the display name (`channels.types.<id>`). */
  nameKey: string;
  /** The provider's English name, used as `owned_by` where the wire needs plain text. */
  name: string;
  /** False for ids that only name a model owner (no provider behind them): not a channel's type. */
  offered: boolean;
  /** The form requires a base URL for this type. */
  needsBaseUrl?: boolean;
  /** What `other` holds when left empty (Azure api-version, Spark version). */
  defaultOther?: string;
}

const type = (
  id: number,
  name: string,
  extra: Partial<Omit<ChannelType, 'id' | 'name' | 'nameKey'>> = {},
): ChannelType => ({ id, name, nameKey: `channels.types.${id}`, offered: true, ...extra });

/** Every known channel type, by id (0 = unknown is listed for display only). */
export const CHANNEL_TYPES: readonly ChannelType[] = [
  type(0, 'Unknown', { offered: false }),
  type(1, 'OpenAI'),
  type(3, 'Azure OpenAI', { needsBaseUrl: true, defaultOther: '2024-05-01-preview' }),
  // Custom is OpenAI-compatible at an address only the operator knows.
  type(8, 'Custom', { needsBaseUrl: true }),
  type(11, 'Google PaLM2'),
  type(14, 'Anthropic Claude'),
  type(15, 'Baidu Wenxin Qianfan'),
  type(16, 'Zhipu ChatGLM'),
  type(17, 'Ali Tongyi Qianwen'),
  type(18, 'iFlytek Spark', { defaultOther: 'v2.1' }),
  type(19, '360 Zhinao'),
  type(20, 'OpenRouter'),
  type(23, 'Tencent Hunyuan (legacy)'),
  type(24, 'Azure Speech'),
  type(25, 'Google Gemini'),
  type(26, 'Baichuan'),
  type(27, 'MiniMax'),
  type(28, 'Deepseek'),
  type(29, 'Moonshot'),
  type(30, 'Mistral'),
  type(31, 'Groq'),
  type(32, 'Amazon Bedrock'),
  type(33, 'Lingyi'),
  type(34, 'Midjourney'),
  type(35, 'Cloudflare AI'),
  type(36, 'Cohere'),
  type(37, 'Stability AI'),
  type(38, 'Coze'),
  type(39, 'Ollama'),
  type(40, 'Tencent Hunyuan'),
  type(41, 'Suno'),
  type(42, 'Vertex AI'),
  type(43, 'LLAMA', { offered: false }),
  type(44, 'Ideogram', { offered: false }),
  type(45, 'Siliconflow'),
  type(46, 'Flux', { offered: false }),
  type(47, 'Jina'),
  type(48, 'Rerank', { offered: false }),
  type(49, 'GitHub Models'),
  type(51, 'Recraft AI'),
  type(52, 'Replicate'),
  type(53, 'Kling'),
  type(54, 'Azure Databricks'),
  type(55, 'Azure OpenAI V1'),
  type(56, 'xAI'),
];

const BY_ID = new Map(CHANNEL_TYPES.map((entry) => [entry.id, entry]));

/** The type with this id, if gw knows it. */
export function channelTypeById(id: number): ChannelType | undefined {
  return BY_ID.get(id);
}

/** Whether a channel may have this type (a known id with a provider behind it). */
export function isOfferedChannelType(id: number): boolean {
  return BY_ID.get(id)?.offered === true;
}

/** The i18n key of a type's name (`channels.types.0`, unknown, for ids gw does not know). */
export function channelTypeNameKey(id: number): string {
  return BY_ID.get(id)?.nameKey ?? 'channels.types.0';
}
