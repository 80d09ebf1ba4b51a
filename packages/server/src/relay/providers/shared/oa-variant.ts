// An OpenAI-compatible vendor (spec §19 "OA variants with small fixes"): the OpenAI wire format at the
// vendor's own host, with a bearer key, the vendor's model list and, where it has one, its balance call.
// A variant may adjust the outgoing body (DeepSeek's assistant reasoning_content) and the reply chunks
// (OpenRouter's `reasoning` field).
import { parseOpenAiError } from '../openai/openai-error.js';
import { openAiOperations } from '../openai/openai-operations.js';
import { channelBase, joinOpenAiPath } from '../openai/openai-provider.js';
import type {
  OperationAdapter,
  ProviderCall,
  RelayOperation,
  RelayProvider,
  UpstreamChannel,
  UpstreamRequest,
} from '../provider.js';

export interface OaVariantOptions {
  name: string;
  types: readonly number[];
  /** The vendor's API host (and path prefix), used when the channel has no base URL. */
  baseUrl: string;
  /** Asks for stream usage on every stream (vendors known to honour stream_options). */
  forceStreamUsage?: boolean;
  /** Paths without the `/v1` prefix (GitHub Models serves `/chat/completions`). */
  noVersionPrefix?: boolean;
  /** Adjusts the JSON body of a call before it is sent (a copy: the caller's body is not touched). */
  adjustBody?: (body: Record<string, unknown>, call: ProviderCall) => Record<string, unknown>;
  /** Wraps the adapters (reply and stream fixes). */
  adjustAdapter?: (operation: RelayOperation, adapter: OperationAdapter) => OperationAdapter;
  /** The balance call: a GET path on the vendor host and the reader of its reply. */
  balance?: { path: string; read: (body: unknown) => number | undefined };
}

/** The URL of an API path on a variant's host. */
export function oaVariantUrl(options: OaVariantOptions, channel: UpstreamChannel, path: string): string {
  const base = channelBase(channel, options.baseUrl);
  return options.noVersionPrefix ? base + path.replace(/^\/v1\//, '/') : joinOpenAiPath(base, path);
}

function bearer(channel: UpstreamChannel): Record<string, string> {
  return { authorization: `Bearer ${channel.key}` };
}

function getRequest(options: OaVariantOptions, channel: UpstreamChannel, path: string): UpstreamRequest {
  return {
    method: 'GET',
    url: oaVariantUrl(options, channel, path),
    headers: { ...bearer(channel), ...channel.headers },
  };
}

function parseModels(body: unknown): string[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((entry: unknown) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/** Builds the provider of an OpenAI-compatible vendor. */
export function oaVariantProvider(options: OaVariantOptions): RelayProvider {
  const base = openAiOperations({
    url: (call, path) => oaVariantUrl(options, call.channel, path),
    auth: (call) => bearer(call.channel),
    forceStreamUsage: options.forceStreamUsage === true,
  });
  const operations: Partial<Record<RelayOperation, OperationAdapter>> = {};
  for (const [operation, adapter] of Object.entries(base) as [RelayOperation, OperationAdapter][]) {
    const adjust = options.adjustBody;
    const withBody: OperationAdapter = adjust
      ? {
          ...adapter,
          request: (call) =>
            adapter.request(
              call.body instanceof FormData ? call : { ...call, body: adjust({ ...call.body }, call) },
            ),
        }
      : adapter;
    operations[operation] = options.adjustAdapter ? options.adjustAdapter(operation, withBody) : withBody;
  }
  const balance = options.balance;
  return {
    name: options.name,
    types: options.types,
    operations,
    parseError: (status, text) => parseOpenAiError(status, text),
    modelsRequest: (channel) => getRequest(options, channel, '/v1/models'),
    parseModels,
    ...(balance
      ? {
          balanceRequest: (channel: UpstreamChannel) => getRequest(options, channel, balance.path),
          parseBalance: balance.read,
        }
      : {}),
  };
}

/** A finite number from a JSON number or numeric string, else undefined. */
export function numberField(value: unknown): number | undefined {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
}
