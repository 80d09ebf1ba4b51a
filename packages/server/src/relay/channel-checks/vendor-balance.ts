// The balance of vendors with a single balance call (spec §8.3: DeepSeek, Moonshot; OpenRouter's
// credits): the provider builds the request and reads the reply, this sends it and turns failures into
// the management API's refusal.
import { ApiFailure } from '../../shared/api-failure.js';
import type { RelayChannel } from '../pipeline/relay-channel.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import type { RelayProvider } from '../providers/provider.js';

/** Reads the balance through a provider's balanceRequest / parseBalance. */
export async function vendorBalance(
  http: UpstreamHttp,
  channel: RelayChannel,
  provider: Required<Pick<RelayProvider, 'balanceRequest' | 'parseBalance' | 'parseError'>>,
): Promise<number> {
  let response: Awaited<ReturnType<UpstreamHttp['send']>>;
  try {
    response = await http.send(provider.balanceRequest(channel.upstream), { proxy: channel.proxy });
  } catch (error) {
    throw new ApiFailure('FAILED', 'errors.with_message', {
      params: { message: error instanceof Error ? error.message : String(error) },
    });
  }
  const text = await response.body.text().catch(() => '');
  if (response.status < 200 || response.status >= 300) {
    const parsed = provider.parseError(response.status, text, channel.upstream);
    throw new ApiFailure('FAILED', 'errors.with_message', { params: { message: parsed.message } });
  }
  let balance: number | undefined;
  try {
    balance = provider.parseBalance(JSON.parse(text));
  } catch {
    balance = undefined;
  }
  if (balance === undefined) throw new ApiFailure('FAILED', 'relay.upstream.bad_reply');
  return balance;
}
