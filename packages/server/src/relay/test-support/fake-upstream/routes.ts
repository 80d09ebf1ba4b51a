import { claudeErrorBody, claudeMessagesReply } from './claude-wire.js';
import { bodyField, type FakeReply, type FakeVendor, type RecordedRequest } from './fake-reply.js';
import { geminiErrorBody, geminiReply } from './gemini-wire.js';
import { openAiChatReply, openAiEmbeddingsReply, openAiErrorBody, openAiModelsReply } from './openai-wire.js';

/** A matched route: its vendor (for error shapes) and how it answers. */
export interface FakeRoute {
  vendor: FakeVendor;
  answer: (request: RecordedRequest) => FakeReply;
}

const modelOf = (request: RecordedRequest) => String(bodyField(request.body, 'model') ?? 'unknown-model');

const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|embeddings)$/;
const GEMINI_PATH = /^\/(v1|v1beta)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

/** Finds the route answering a method and path, or undefined (the server replies 404). */
export function matchFakeRoute(method: string, path: string): FakeRoute | undefined {
  if (method === 'GET' && path === '/v1/models') return { vendor: 'openai', answer: openAiModelsReply };
  if (method !== 'POST') return undefined;
  if (path === '/v1/chat/completions') {
    return { vendor: 'openai', answer: (request) => openAiChatReply(request, modelOf(request)) };
  }
  if (path === '/v1/embeddings') {
    return { vendor: 'openai', answer: (request) => openAiEmbeddingsReply(request, modelOf(request)) };
  }
  if (path === '/v1/messages') return { vendor: 'claude', answer: claudeMessagesReply };
  const azure = AZURE_PATH.exec(path);
  if (azure) {
    const deployment = decodeURIComponent(azure[1] ?? '');
    const answer = azure[2] === 'embeddings' ? openAiEmbeddingsReply : openAiChatReply;
    return { vendor: 'azure', answer: (request) => answer(request, deployment) };
  }
  const gemini = GEMINI_PATH.exec(path);
  if (gemini) {
    const model = decodeURIComponent(gemini[2] ?? '');
    const stream = gemini[3] === 'streamGenerateContent';
    return { vendor: 'gemini', answer: (request) => geminiReply(request, model, stream) };
  }
  return undefined;
}

/** The error body a vendor sends for an HTTP status. */
export function fakeErrorBody(vendor: FakeVendor, status: number, message: string): unknown {
  if (vendor === 'claude') return claudeErrorBody(status, message);
  if (vendor === 'gemini') return geminiErrorBody(status, message);
  return openAiErrorBody(status, message);
}
