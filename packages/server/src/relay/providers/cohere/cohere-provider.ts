// Cohere (type 36, spec §19 row "cohere"): rerank on `/v1/rerank`. Cohere bills reranking in search
// units; as in one-hub they are the prompt tokens of the usage, so a price per token bills per search.
// (Cohere chat is not relayed yet: a chat request on a Cohere channel is refused as unsupported.)
import type { OperationAdapter, RelayProvider } from '../provider.js';
import { channelBase, joinOpenAiPath } from '../openai/openai-provider.js';
import {
  documentsRerankBody,
  parseRerankError,
  readRerankResults,
  rerankObject,
  rerankReply,
  rerankRequest,
  rerankUsage,
} from '../shared/rerank.js';

/** Cohere's API host, used when the channel has no base URL. */
export const COHERE_DEFAULT_BASE_URL = 'https://api.cohere.ai';

const rerank: OperationAdapter = {
  request: (call) =>
    rerankRequest(
      call,
      joinOpenAiPath(channelBase(call.channel, COHERE_DEFAULT_BASE_URL), '/v1/rerank'),
      documentsRerankBody(call),
    ),
  reply: (body, call) => {
    const reply = rerankObject(body);
    const meta = (reply.meta ?? {}) as { billed_units?: { search_units?: unknown } };
    return rerankReply(
      call.model,
      readRerankResults(reply.results),
      rerankUsage(meta.billed_units?.search_units),
    );
  },
};

export const cohereProvider: RelayProvider = {
  name: 'cohere',
  types: [36],
  operations: { rerank },
  parseError: (status, text) => parseRerankError(status, text),
};
