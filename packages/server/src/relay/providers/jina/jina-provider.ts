// Jina AI (type 47, spec §19 row "jina"): rerank only. Its wire format is the one gw's `/v1/rerank`
// speaks, so the body goes as the client sent it (model mapped) and the reply's `usage` is billed.
import type { OperationAdapter, RelayProvider } from '../provider.js';
import { channelBase, joinOpenAiPath } from '../openai/openai-provider.js';
import {
  parseRerankError,
  readRerankResults,
  rerankObject,
  rerankReply,
  rerankRequest,
  rerankUsage,
} from '../shared/rerank.js';

/** Jina's API host, used when the channel has no base URL. */
export const JINA_DEFAULT_BASE_URL = 'https://api.jina.ai';

const rerank: OperationAdapter = {
  request: (call) =>
    rerankRequest(call, joinOpenAiPath(channelBase(call.channel, JINA_DEFAULT_BASE_URL), '/v1/rerank'), {
      ...(call.body as Record<string, unknown>),
      model: call.model,
    }),
  reply: (body, call) => {
    const reply = rerankObject(body);
    const usage = (reply.usage ?? {}) as { prompt_tokens?: unknown; total_tokens?: unknown };
    // Jina reports total_tokens (and sometimes prompt_tokens): all of it is input.
    return rerankReply(
      typeof reply.model === 'string' ? reply.model : call.model,
      readRerankResults(reply.results),
      rerankUsage(usage.prompt_tokens ?? usage.total_tokens),
    );
  },
};

export const jinaProvider: RelayProvider = {
  name: 'jina',
  types: [47],
  operations: { rerank },
  parseError: (status, text) => parseRerankError(status, text),
};
