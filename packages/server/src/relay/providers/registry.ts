// The one list of vendors (behaviour spec §19). A new vendor is a folder exporting a RelayProvider, added
// here; channel types nobody claims fall back to the OpenAI-compatible provider when they have a base URL.
import { azureProvider } from './azure/azure-provider.js';
import { bedrockProvider } from './bedrock/bedrock-provider.js';
import { deepSeekProvider } from './deepseek/deepseek-provider.js';
import { minimaxProvider } from './minimax/minimax-provider.js';
import { moonshotProvider } from './moonshot/moonshot-provider.js';
import { OA_VARIANT_PROVIDERS } from './oa-variants/oa-variants.js';
import { openRouterProvider } from './openrouter/openrouter-provider.js';
import { claudeProvider } from './claude/claude-provider.js';
import { cohereProvider } from './cohere/cohere-provider.js';
import { geminiProvider } from './gemini/gemini-provider.js';
import { jinaProvider } from './jina/jina-provider.js';
import { klingProvider } from './kling/kling-provider.js';
import { midjourneyProvider } from './midjourney/midjourney-provider.js';
import { openAiCompatibleProvider, openAiProvider } from './openai/openai-provider.js';
import type { RelayProvider } from './provider.js';
import { siliconFlowProvider } from './siliconflow/siliconflow-provider.js';
import { sunoProvider } from './suno/suno-provider.js';
import { vertexAiProvider } from './vertexai/vertexai-provider.js';

const PROVIDERS: readonly RelayProvider[] = [
  openAiProvider,
  azureProvider,
  claudeProvider,
  geminiProvider,
  cohereProvider,
  jinaProvider,
  siliconFlowProvider,
  midjourneyProvider,
  sunoProvider,
  klingProvider,
  vertexAiProvider,
  bedrockProvider,
  deepSeekProvider,
  openRouterProvider,
  moonshotProvider,
  minimaxProvider,
  ...OA_VARIANT_PROVIDERS,
  openAiCompatibleProvider,
];

const BY_TYPE = new Map<number, RelayProvider>();
for (const provider of PROVIDERS) for (const type of provider.types) BY_TYPE.set(type, provider);

/** The provider of a channel type; unknown types with a base URL speak OpenAI's format (spec §5.4 step 1). */
export function providerForChannel(channel: { type: number; baseUrl: string }): RelayProvider | undefined {
  return BY_TYPE.get(channel.type) ?? (channel.baseUrl ? openAiCompatibleProvider : undefined);
}

/** Channel types that serve the Midjourney routes (spec §2.4). */
export const MIDJOURNEY_TYPES: ReadonlySet<number> = new Set(midjourneyProvider.types);
/** Channel types that serve the Suno and Kling task routes (spec §9.8). */
export const SUNO_TYPES: ReadonlySet<number> = new Set(sunoProvider.types);
export const KLING_TYPES: ReadonlySet<number> = new Set(klingProvider.types);
/** The channel types whose provider serves an operation. */
function typesServing(operation: 'claude-messages' | 'gemini-generate'): ReadonlySet<number> {
  return new Set(PROVIDERS.filter((provider) => provider.operations[operation]).flatMap((p) => p.types));
}

/** Channel types that serve the native Claude route (spec §2.2): Anthropic, Vertex AI, Bedrock. */
export const CLAUDE_NATIVE_TYPES: ReadonlySet<number> = typesServing('claude-messages');
/** Channel types that serve the native Gemini route (spec §2.2): Gemini and Vertex AI. */
export const GEMINI_NATIVE_TYPES: ReadonlySet<number> = typesServing('gemini-generate');
