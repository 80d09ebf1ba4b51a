// The step between building an upstream request and sending it (spec §19 rows "vertexai", "bedrock"):
// vendors whose credential needs I/O or the final bytes (an OAuth token exchange, a SigV4 signature)
// finish the request here, with their token calls sent through the relay's own HTTP client.
import type {
  CredentialFetch,
  RelayProvider,
  UpstreamChannel,
  UpstreamRequest,
} from '../providers/provider.js';
import type { UpstreamHttp } from './upstream-http.js';

/** A token exchange is one small reply: it never waits longer than this, whatever the upstream does. */
export const CREDENTIAL_FETCH_TIMEOUT_SECONDS = 15;

/** The fetch a provider's authorize step uses: the channel's proxy and a whole-call time limit. */
export function credentialFetch(http: UpstreamHttp, proxy: string): CredentialFetch {
  return async (request) => {
    const response = await http.send(request, { proxy, timeoutSeconds: CREDENTIAL_FETCH_TIMEOUT_SECONDS });
    const text = await response.body.text();
    return { status: response.status, text };
  };
}

/** The request as it goes on the wire: authorised by the provider when it needs to. */
export function authorizeRequest(
  provider: RelayProvider,
  request: UpstreamRequest,
  channel: UpstreamChannel,
  http: UpstreamHttp,
  proxy: string,
): Promise<UpstreamRequest> {
  if (!provider.authorize) return Promise.resolve(request);
  return provider.authorize(request, channel, credentialFetch(http, proxy));
}
