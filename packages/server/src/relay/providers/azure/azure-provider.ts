// Azure OpenAI (type 3, spec §19 row "azure"): the OpenAI wire format on deployment URLs
// `<base>/openai/deployments/<model><path>?api-version=<other>`, with the `api-key` header.
import { parseOpenAiError } from '../openai/openai-error.js';
import { openAiOperations } from '../openai/openai-operations.js';
import type { ProviderCall, RelayProvider } from '../provider.js';

/** The api-version used when the channel's `other` field is empty. */
export const AZURE_DEFAULT_API_VERSION = '2024-10-21';

function deploymentUrl(call: ProviderCall, path: string): string {
  const base = call.channel.baseUrl.replace(/\/+$/, '');
  const version = call.channel.other.trim() || AZURE_DEFAULT_API_VERSION;
  const apiPath = path.replace(/^\/v1/, '');
  if (call.operation === 'responses') {
    return `${base}/openai/v1${apiPath}?api-version=${encodeURIComponent(version)}`;
  }
  const deployment = encodeURIComponent(call.model);
  return `${base}/openai/deployments/${deployment}${apiPath}?api-version=${encodeURIComponent(version)}`;
}

export const azureProvider: RelayProvider = {
  name: 'azure',
  types: [3],
  operations: openAiOperations({
    url: deploymentUrl,
    auth: (call) => ({ 'api-key': call.channel.key, authorization: `Bearer ${call.channel.key}` }),
    forceStreamUsage: true,
  }),
  parseError: (status, text) => parseOpenAiError(status, text),
};
