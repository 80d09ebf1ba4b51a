import { claudeErrorBody, claudeMessagesReply } from './claude-wire.js';
import {
  bodyField,
  type FakeReply,
  type FakeReplyOptions,
  type FakeVendor,
  type RecordedRequest,
} from './fake-reply.js';
import { geminiErrorBody, geminiReply } from './gemini-wire.js';
import {
  openAiBillingSubscriptionReply,
  openAiBillingUsageReply,
  openAiModerationReply,
} from './openai-account-wire.js';
import { openAiCompletionReply } from './openai-completions-wire.js';
import {
  fakeImageFileReply,
  openAiImageEditReply,
  openAiImagesReply,
  openAiSpeechReply,
  openAiTranscriptionReply,
} from './openai-media-wire.js';
import { midjourneyErrorBody, midjourneyListReply, midjourneySubmitReply } from './midjourney-wire.js';
import { openAiFilesAnswer } from './openai-files-wire.js';
import {
  klingErrorBody,
  klingQueryReply,
  klingSubmitReply,
  sunoErrorBody,
  sunoFetchReply,
  sunoSubmitReply,
} from './task-wire.js';
import { openAiResponsesReply } from './openai-responses-wire.js';
import { isRerankVendor, RERANK_VENDORS, rerankErrorBody, rerankReply } from './rerank-wire.js';
import {
  deepSeekBalanceReply,
  minimaxSpeechReply,
  moonshotBalanceReply,
  openRouterCreditsReply,
  siliconFlowUserInfoReply,
} from './vendor-balance-wire.js';
import { bedrockErrorBody, bedrockReply, matchBedrockPath } from './bedrock-wire.js';
import { matchVertexPath, oauthTokenReply, vertexReply } from './vertex-wire.js';
import { openAiChatReply, openAiEmbeddingsReply, openAiErrorBody, openAiModelsReply } from './openai-wire.js';

/** How a route answers one request. */
export type FakeAnswer = (
  request: RecordedRequest,
  options: FakeReplyOptions,
) => FakeReply | Promise<FakeReply>;

/** A matched route: its vendor (for error shapes) and how it answers. */
export interface FakeRoute {
  vendor: FakeVendor;
  answer: FakeAnswer;
}

type ModelAnswer = (request: RecordedRequest, model: string, options: FakeReplyOptions) => FakeReply;

/** OpenAI POST endpoints by the path after `/v1/` (Azure: after `/openai/deployments/<d>/`). */
const OPENAI_POSTS = new Map<string, ModelAnswer>(
  Object.entries({
    'chat/completions': openAiChatReply,
    completions: openAiCompletionReply,
    embeddings: openAiEmbeddingsReply,
    'images/generations': openAiImagesReply,
    'images/edits': (request, model, options) => openAiImageEditReply(request, model, options, 'edit'),
    'images/variations': (request, model, options) =>
      openAiImageEditReply(request, model, options, 'variation'),
    'audio/speech': (request) => openAiSpeechReply(request),
    'audio/transcriptions': (request, model, options) =>
      openAiTranscriptionReply(request, model, options, 'transcribe'),
    'audio/translations': (request, model, options) =>
      openAiTranscriptionReply(request, model, options, 'translate'),
    moderations: openAiModerationReply,
    responses: openAiResponsesReply,
  }),
);

const DEFAULT_MODELS = new Map<string, string>(
  Object.entries({
    'images/generations': 'dall-e-2',
    'images/edits': 'dall-e-2',
    'images/variations': 'dall-e-2',
    moderations: 'text-moderation-stable',
  }),
);

const OPENAI_GETS = new Map<string, FakeAnswer>(
  Object.entries({
    '/v1/models': () => openAiModelsReply(),
    '/v1/dashboard/billing/subscription': openAiBillingSubscriptionReply,
    '/dashboard/billing/subscription': openAiBillingSubscriptionReply,
    '/v1/dashboard/billing/usage': openAiBillingUsageReply,
    '/dashboard/billing/usage': openAiBillingUsageReply,
    '/user/balance': deepSeekBalanceReply,
    '/v1/users/me/balance': moonshotBalanceReply,
    '/v1/credits': openRouterCreditsReply,
    '/v1/user/info': siliconFlowUserInfoReply,
  }),
);

const modelOf = (request: RecordedRequest, endpoint: string) =>
  String(bodyField(request.body, 'model') ?? DEFAULT_MODELS.get(endpoint) ?? 'unknown-model');

const AZURE_DEPLOYMENT_PATH = /^\/openai\/deployments\/([^/]+)\/(.+)$/;
const AZURE_V1_PATH = /^\/openai\/v1\/(.+)$/;
const GEMINI_EMBED_PATH = /^\/(v1|v1beta)\/models\/([^/:]+):batchEmbedContents$/;
const GEMINI_PATH = /^\/(v1|v1beta)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const FAKE_FILE_PATH = /^\/fake-files\/[^/]+\.png$/;

/** Finds the route answering a method and path, or undefined (the server replies 404). */
export function matchFakeRoute(method: string, path: string): FakeRoute | undefined {
  if (/^\/(?:v1|openai)\/(?:files|batches)(?:\/|$)/.test(path)) {
    return {
      vendor: path.startsWith('/openai/') ? 'azure' : 'openai',
      answer: (request) =>
        openAiFilesAnswer(method, path, request) ?? {
          kind: 'json',
          status: 404,
          body: openAiErrorBody(404, `no fake route for ${method} ${path}`),
        },
    };
  }
  const klingQuery = /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/.exec(path);
  if (method === 'GET' && klingQuery) {
    const [, action = '', id = ''] = klingQuery;
    return { vendor: 'kling', answer: (request, options) => klingQueryReply(request, action, id, options) };
  }
  if (method === 'GET') {
    const answer = OPENAI_GETS.get(path);
    if (answer) return { vendor: 'openai', answer };
    if (FAKE_FILE_PATH.test(path)) return { vendor: 'openai', answer: fakeImageFileReply };
    return undefined;
  }
  if (method !== 'POST') return undefined;
  if (path === '/v1/messages') return { vendor: 'claude', answer: claudeMessagesReply };
  if (path === '/token') return { vendor: 'gemini', answer: oauthTokenReply };
  if (path === '/v1/t2a_v2') return { vendor: 'openai', answer: minimaxSpeechReply };
  const bedrock = matchBedrockPath(path);
  if (bedrock) {
    return { vendor: 'bedrock', answer: (request, options) => bedrockReply(request, path, bedrock, options) };
  }
  const vertex = matchVertexPath(path);
  if (vertex) {
    return {
      vendor: vertex.publisher === 'anthropic' ? 'claude' : 'gemini',
      answer: (request, options) => vertexReply(request, vertex, options),
    };
  }
  const mjSubmit = /^(?:\/(mj-relax|mj-turbo))?\/mj\/(?:submit\/([a-z_-]+)|insight-face\/(swap))$/.exec(path);
  if (mjSubmit) {
    const mode = mjSubmit[1]?.slice(3) ?? 'fast';
    const action = mjSubmit[2] ?? mjSubmit[3] ?? '';
    return { vendor: 'midjourney', answer: (request) => midjourneySubmitReply(request, action, mode) };
  }
  if (path === '/mj/task/list-by-condition') return { vendor: 'midjourney', answer: midjourneyListReply };
  const sunoSubmit = /^\/suno\/submit\/(music|lyrics)$/.exec(path);
  if (sunoSubmit)
    return { vendor: 'suno', answer: (request) => sunoSubmitReply(request, sunoSubmit[1] ?? '') };
  if (path === '/suno/fetch') return { vendor: 'suno', answer: sunoFetchReply };
  const klingSubmit = /^\/v1\/videos\/(text2video|image2video)$/.exec(path);
  if (klingSubmit)
    return { vendor: 'kling', answer: (request) => klingSubmitReply(request, klingSubmit[1] ?? '') };
  for (const vendor of RERANK_VENDORS) {
    if (path === `/${vendor}/v1/rerank`)
      return { vendor, answer: (request, options) => rerankReply(vendor, request, options) };
  }
  const endpoint = path.startsWith('/v1/') ? path.slice(4) : undefined;
  const openAi = endpoint === undefined ? undefined : OPENAI_POSTS.get(endpoint);
  if (endpoint !== undefined && openAi) {
    return {
      vendor: 'openai',
      answer: (request, options) => openAi(request, modelOf(request, endpoint), options),
    };
  }
  const azure = AZURE_DEPLOYMENT_PATH.exec(path);
  const azureAnswer = azure ? OPENAI_POSTS.get(azure[2] ?? '') : undefined;
  if (azure && azureAnswer) {
    const deployment = decodeURIComponent(azure[1] ?? '');
    return { vendor: 'azure', answer: (request, options) => azureAnswer(request, deployment, options) };
  }
  const azureV1 = AZURE_V1_PATH.exec(path);
  const azureV1Endpoint = azureV1?.[1] ?? '';
  const azureV1Answer = azureV1 ? OPENAI_POSTS.get(azureV1Endpoint) : undefined;
  if (azureV1Answer) {
    return {
      vendor: 'azure',
      answer: (request, options) => azureV1Answer(request, modelOf(request, azureV1Endpoint), options),
    };
  }
  // Gemini's use_openai_api plugin: OpenAI chat at `/<version>/chat/completions` (one-hub's path).
  if (/^\/v1beta(?:\/openai)?\/chat\/completions$/.test(path)) {
    return {
      vendor: 'gemini',
      answer: (request, options) => openAiChatReply(request, modelOf(request, 'chat/completions'), options),
    };
  }
  const geminiEmbed = GEMINI_EMBED_PATH.exec(path);
  if (geminiEmbed) return { vendor: 'gemini', answer: geminiEmbeddingsReply };
  const gemini = GEMINI_PATH.exec(path);
  if (gemini) {
    const model = decodeURIComponent(gemini[2] ?? '');
    const stream = gemini[3] === 'streamGenerateContent';
    return { vendor: 'gemini', answer: (request, options) => geminiReply(request, model, stream, options) };
  }
  return undefined;
}

/** Gemini `:batchEmbedContents`: one 4-number embedding per request, no usage (as Google answers). */
function geminiEmbeddingsReply(request: RecordedRequest): FakeReply {
  const requests = bodyField(request.body, 'requests');
  const count = Array.isArray(requests) ? requests.length : 0;
  return {
    kind: 'json',
    status: 200,
    body: { embeddings: Array.from({ length: count }, (_, index) => ({ values: [index, 0.5, -0.5, 1] })) },
  };
}

/** The error body a vendor sends for an HTTP status. */
export function fakeErrorBody(vendor: FakeVendor, status: number, message: string): unknown {
  if (vendor === 'claude') return claudeErrorBody(status, message);
  if (vendor === 'gemini') return geminiErrorBody(status, message);
  if (isRerankVendor(vendor)) return rerankErrorBody(vendor, status, message);
  if (vendor === 'midjourney') return midjourneyErrorBody(status, message);
  if (vendor === 'suno') return sunoErrorBody(status, message);
  if (vendor === 'kling') return klingErrorBody(status, message);
  if (vendor === 'bedrock') return bedrockErrorBody(status, message);
  return openAiErrorBody(status, message);
}
