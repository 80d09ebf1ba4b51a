// SiliconFlow (type 45, spec §19 row "siliconflow"): OpenAI-compatible for chat, embeddings, images and
// audio, plus rerank on `/v1/rerank`, whose reply reports `meta.tokens` {input_tokens, output_tokens}.
import { parseOpenAiError } from '../openai/openai-error.js';
import { openAiOperations } from '../openai/openai-operations.js';
import { channelBase, joinOpenAiPath } from '../openai/openai-provider.js';
import type { OperationAdapter, ProviderCall, RelayProvider } from '../provider.js';
import { numberField } from '../shared/oa-variant.js';
import {
  documentsRerankBody,
  parseRerankError,
  readRerankResults,
  rerankObject,
  rerankReply,
  rerankRequest,
  rerankUsage,
} from '../shared/rerank.js';

/** SiliconFlow's API host, used when the channel has no base URL. */
export const SILICONFLOW_DEFAULT_BASE_URL = 'https://api.siliconflow.cn';

const url = (call: ProviderCall, path: string) =>
  joinOpenAiPath(channelBase(call.channel, SILICONFLOW_DEFAULT_BASE_URL), path);

const rerank: OperationAdapter = {
  request: (call) => rerankRequest(call, url(call, '/v1/rerank'), documentsRerankBody(call)),
  reply: (body, call) => {
    const reply = rerankObject(body);
    const tokens = ((reply.meta ?? {}) as { tokens?: { input_tokens?: unknown; output_tokens?: unknown } })
      .tokens;
    return rerankReply(
      call.model,
      readRerankResults(reply.results),
      rerankUsage(tokens?.input_tokens, tokens?.output_tokens),
    );
  },
};

/** `{code: 20000, data: {balance, totalBalance: "12.50", …}}` → totalBalance (yuan), as one-hub reads it. */
export function readSiliconFlowBalance(body: unknown): number | undefined {
  const data = (body as { data?: { totalBalance?: unknown } | null } | null)?.data;
  return data ? numberField(data.totalBalance) : undefined;
}

export const siliconFlowProvider: RelayProvider = {
  name: 'siliconflow',
  types: [45],
  operations: {
    ...openAiOperations({
      url,
      auth: (call) => ({ authorization: `Bearer ${call.channel.key}` }),
      forceStreamUsage: false,
    }),
    rerank,
  },
  balanceRequest: (channel) => ({
    method: 'GET',
    url: joinOpenAiPath(channelBase(channel, SILICONFLOW_DEFAULT_BASE_URL), '/v1/user/info'),
    headers: { authorization: `Bearer ${channel.key}`, ...channel.headers },
  }),
  parseBalance: readSiliconFlowBalance,
  // Rerank errors come as `{code, message}`, OpenAI-format routes as `{error: {…}}`: the rerank reader
  // reads both.
  parseError: (status, text) =>
    text.includes('"error"') ? parseOpenAiError(status, text) : parseRerankError(status, text),
};
