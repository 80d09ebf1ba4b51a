// The OpenAI-compatible vendors of spec §19 that need nothing beyond their own host (no balance call):
// each speaks OpenAI's format with a bearer key at the URL below unless the channel names a base URL.
import { oaVariantProvider } from '../shared/oa-variant.js';

export const baichuanProvider = oaVariantProvider({
  name: 'baichuan',
  types: [26],
  baseUrl: 'https://api.baichuan-ai.com',
});
export const minimaxProvider = oaVariantProvider({
  name: 'minimax',
  types: [27],
  baseUrl: 'https://api.minimax.io',
});
export const mistralProvider = oaVariantProvider({
  name: 'mistral',
  types: [30],
  baseUrl: 'https://api.mistral.ai',
});
export const groqProvider = oaVariantProvider({
  name: 'groq',
  types: [31],
  baseUrl: 'https://api.groq.com/openai',
});
export const lingyiProvider = oaVariantProvider({
  name: 'lingyi',
  types: [33],
  baseUrl: 'https://api.lingyiwanwu.com',
});
export const xAiProvider = oaVariantProvider({ name: 'xai', types: [56], baseUrl: 'https://api.x.ai' });
/** GitHub Models: Azure's inference host, paths without `/v1`. */
export const githubProvider = oaVariantProvider({
  name: 'github',
  types: [49],
  baseUrl: 'https://models.inference.ai.azure.com',
  noVersionPrefix: true,
});

export const OA_VARIANT_PROVIDERS = [
  baichuanProvider,
  mistralProvider,
  groqProvider,
  lingyiProvider,
  xAiProvider,
  githubProvider,
];
