// What the channel editor pre-fills and offers per channel type (console-screens Appendix C.1): the
// models and test model picked with the type, the owner group "fill default models" reads, whether the
// upstream lists its models, and the base URL the front end suggests (the backend's own defaults apply
// when the field stays blank, so only Ollama is pre-filled).

export interface ChannelTypeDefaults {
  /** Models put in an empty models field when the type is picked. */
  models?: readonly string[];
  /** Test model put in an empty test-model field when the type is picked. */
  testModel?: string;
  /** Base URL put in an empty base-URL field when the type is picked. */
  baseUrl?: string;
  /** The `owned_by` group whose models "fill the channel's default models" adds. */
  group?: string;
  /** The upstream lists its models (`POST /api/channel/provider_models_list`). */
  listsModels?: boolean;
}

const claude3 = ['claude-3-opus-20240229', 'claude-3-sonnet-20240229', 'claude-3-haiku-20240307'];

/** By type id; a type missing here pre-fills nothing. */
export const CHANNEL_TYPE_DEFAULTS: Readonly<Record<number, ChannelTypeDefaults>> = {
  1: { group: 'OpenAI', listsModels: true },
  3: { group: 'OpenAI', listsModels: true },
  8: { group: 'OpenAI', listsModels: true },
  11: { models: ['PaLM-2'], testModel: 'PaLM-2', group: 'Google PaLM' },
  14: {
    models: ['claude-instant-1.2', 'claude-2.0', 'claude-2.1', ...claude3],
    testModel: 'claude-3-haiku-20240307',
    group: 'Anthropic',
    listsModels: true,
  },
  15: {
    models: [
      'ERNIE-4.0-8K',
      'ERNIE-3.5-8K',
      'ERNIE-Speed-8K',
      'ERNIE-Lite-8K',
      'ERNIE-Speed',
      'Embedding-V1',
    ],
    testModel: 'ERNIE-Speed',
    group: 'Baidu',
  },
  16: { models: ['glm-4', 'glm-4v', 'glm-3-turbo', 'embedding-2'], testModel: 'glm-3-turbo', group: 'Zhipu' },
  17: {
    models: ['qwen-turbo', 'qwen-plus', 'qwen-max', 'qwen-max-longcontext', 'text-embedding-v1'],
    testModel: 'qwen-turbo',
    group: 'Ali',
    listsModels: true,
  },
  18: {
    models: ['SparkDesk', 'SparkDesk-v1.1', 'SparkDesk-v2.1', 'SparkDesk-v3.1', 'SparkDesk-v3.5'],
    group: 'Xunfei',
  },
  19: {
    models: ['360GPT_S2_V9', 'embedding-bert-512-v1', 'embedding_s1_v1', 'semantic_similarity_s1_v1'],
    testModel: '360GPT_S2_V9',
    group: '360',
  },
  20: { group: 'OpenAI', listsModels: true },
  23: { models: ['ChatStd', 'ChatPro'], testModel: 'ChatStd', group: 'Tencent' },
  24: { models: ['tts-1', 'tts-1-hd'], group: 'OpenAI' },
  25: {
    models: ['gemini-pro', 'gemini-pro-vision', 'gemini-1.0-pro', 'gemini-1.5-pro'],
    testModel: 'gemini-pro',
    group: 'Google Gemini',
    listsModels: true,
  },
  26: {
    models: ['Baichuan2-Turbo', 'Baichuan2-Turbo-192k', 'Baichuan2-53B', 'Baichuan-Text-Embedding'],
    testModel: 'Baichuan2-Turbo',
    group: 'Baichuan',
  },
  27: {
    models: [
      'abab6.5s-chat',
      'MiniMax-Text-01',
      'speech-01-turbo',
      'speech-01-240228',
      'speech-01-turbo-240228',
    ],
    testModel: 'abab6.5s-chat',
    group: 'MiniMax',
  },
  28: {
    models: ['deepseek-coder', 'deepseek-chat'],
    testModel: 'deepseek-chat',
    group: 'Deepseek',
    listsModels: true,
  },
  29: {
    models: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
    testModel: 'moonshot-v1-8k',
    group: 'Moonshot',
    listsModels: true,
  },
  30: {
    models: [
      'open-mistral-7b',
      'open-mixtral-8x7b',
      'mistral-small-latest',
      'mistral-medium-latest',
      'mistral-large-latest',
      'mistral-embed',
    ],
    testModel: 'open-mistral-7b',
    group: 'Mistral',
    listsModels: true,
  },
  31: {
    models: ['llama2-7b-2048', 'llama2-70b-4096', 'mixtral-8x7b-32768', 'gemma-7b-it'],
    testModel: 'llama2-7b-2048',
    group: 'Groq',
    listsModels: true,
  },
  32: { models: ['claude-2.1', ...claude3], testModel: 'claude-3-haiku-20240307', group: 'Anthropic' },
  33: {
    models: ['yi-34b-chat-0205', 'yi-34b-chat-200k', 'yi-vl-plus'],
    testModel: 'yi-34b-chat-0205',
    group: 'Lingyiwanwu',
  },
  34: {
    models: [
      'mj_imagine',
      'mj_variation',
      'mj_reroll',
      'mj_blend',
      'mj_modal',
      'mj_zoom',
      'mj_shorten',
      'mj_high_variation',
      'mj_low_variation',
      'mj_pan',
      'mj_inpaint',
      'mj_custom_zoom',
      'mj_describe',
      'mj_upscale',
      'swap_face',
      'mj_upload',
    ],
    group: 'Midjourney',
  },
  35: {
    models: [
      '@cf/stabilityai/stable-diffusion-xl-base-1.0',
      '@cf/lykon/dreamshaper-8-lcm',
      '@cf/qwen/qwen1.5-14b-chat-awq',
      '@hf/google/gemma-7b-it',
      '@hf/thebloke/deepseek-coder-6.7b-instruct-awq',
      '@hf/thebloke/llama-2-13b-chat-awq',
      '@cf/openai/whisper',
    ],
    testModel: '@hf/google/gemma-7b-it',
    group: 'Cloudflare AI',
  },
  36: { models: ['command-r', 'command-r-plus'], testModel: 'command-r', group: 'Cohere', listsModels: true },
  37: { models: ['sd3', 'sd3-turbo', 'stable-image-core'], group: 'Stability AI' },
  38: { models: ['coze-*'], group: 'Coze' },
  39: {
    models: [
      'glm-4.6',
      'kimi-k2:1t',
      'qwen3-coder:480b',
      'deepseek-v3.1:671b',
      'gpt-oss:120b',
      'gpt-oss:20b',
      'qwen3-vl:235b',
      'minimax-m2',
    ],
    baseUrl: 'https://ollama.com',
    group: 'OpenAI',
    listsModels: true,
  },
  40: {
    models: ['hunyuan-lite', 'hunyuan-pro', 'hunyuan-standard-256K', 'hunyuan-standard'],
    testModel: 'hunyuan-lite',
    group: 'Hunyuan',
  },
  41: { models: ['suno_lyrics', 'chirp-v3-0', 'chirp-v3-5'], group: 'Suno' },
  42: { models: claude3, testModel: 'claude-3-haiku-20240307', group: 'VertexAI' },
  45: { models: ['FLUX.1-dev', 'FLUX.1-schnell'], group: 'Siliconflow', listsModels: true },
  47: { models: ['jina-reranker-v2-base-multilingual'], group: 'Jina' },
  49: {
    models: [
      'gpt-4o',
      'gpt-4o-mini',
      'text-embedding-3-large',
      'text-embedding-3-small',
      'Cohere-command-r',
      'Cohere-command-r-plus',
    ],
    testModel: 'gpt-4o-mini',
    group: 'Github',
    listsModels: true,
  },
  51: {
    models: [
      'recraftv3',
      'recraft20b',
      'vectorize',
      'removeBackground',
      'clarityUpscale',
      'generativeUpscale',
      'styles',
    ],
    group: 'OpenAI',
  },
  52: { group: 'OpenAI' },
  53: {
    models: ['v1', 'v1-5', 'v1-10'].flatMap((version) =>
      ['std', 'pro'].flatMap((mode) =>
        ['5', '10'].map((seconds) => `kling-video_${version}_${mode}_${seconds}`),
      ),
    ),
    group: 'Kling',
  },
  54: { group: 'OpenAI' },
  55: { group: 'OpenAI', listsModels: true },
  56: { group: 'OpenAI' },
};

/** A type's defaults (empty for a type that has none). */
export function channelTypeDefaults(type: number): ChannelTypeDefaults {
  return CHANNEL_TYPE_DEFAULTS[type] ?? {};
}
