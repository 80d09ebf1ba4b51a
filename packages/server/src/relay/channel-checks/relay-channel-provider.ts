// The relay's ChannelProvider (behaviour spec §8.2–8.3): a channel test sends one tiny request through
// the channel's vendor adapter and times it, the balance reads OpenAI's billing endpoints, and the model
// list asks the vendor. Nothing here bills or writes: the channel-checks service keeps the books.
import { type Channel, translate } from '@gw/core';
import type { ChannelProvider, ChannelTestResult } from '../../resources/channels/provider.js';
import { ApiFailure } from '../../shared/api-failure.js';
import type { RelayChannel } from '../pipeline/relay-channel.js';
import { type RelayError, upstreamError } from '../pipeline/relay-error.js';
import { mergeCustomParameters } from '../pipeline/relay-request.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { shouldDisableChannel } from '../pipeline/retry-rules.js';
import { authorizeRequest } from '../pipeline/upstream-credentials.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import { type ProviderCall, UpstreamFailure, type UpstreamRequest } from '../providers/provider.js';
import { providerForChannel } from '../providers/registry.js';
import { channelTestKind, channelTestRequest } from './channel-test-request.js';
import { OPENAI_BALANCE_TYPES, openAiBalance } from './openai-balance.js';
import { vendorBalance } from './vendor-balance.js';
import { upstreamModelOf, wireChannelToRelayChannel } from './wire-channel.js';

export interface RelayChannelProviderDeps {
  http: UpstreamHttp;
  state: Pick<RelayState, 'options'>;
}

/** Reads a reply body as JSON when it looks like JSON, else keeps the text (as the relay attempt does). */
function parseReply(text: string, contentType: string): unknown {
  if (!contentType.includes('json') && !/^\s*[[{]/.test(text)) return text;
  return JSON.parse(text);
}

/** The ChannelProvider backed by the relay's vendor adapters and upstream HTTP client. */
export function createRelayChannelProvider({ http, state }: RelayChannelProviderDeps): ChannelProvider {
  const message = (key: string, params?: Record<string, unknown>) =>
    translate(state.options().language, key, params);

  /** Sends the test call; resolves to the upstream error, or undefined when the reply was good. */
  async function sendTest(channel: RelayChannel, model: string): Promise<RelayError | undefined> {
    const options = state.options();
    const kind = channelTestKind(model);
    if (kind === 'unsupported') {
      return localFailure(message('relay.test.unsupported_model', { model }));
    }
    const upstreamModel = upstreamModelOf(channel, model);
    const { operation, body } = channelTestRequest(kind, upstreamModel);
    const provider = providerForChannel(channel.upstream);
    const adapter = provider?.operations[operation];
    if (!provider || !adapter) return localFailure(message('relay.channel.unsupported', { operation }));
    const call: ProviderCall = {
      operation,
      channel: channel.upstream,
      model: upstreamModel,
      body: mergeCustomParameters(body, channel.customParameter, upstreamModel),
      stream: false,
      includeUsage: false,
      clientHeaders: {},
      settings: options.providerSettings,
    };
    let response: Awaited<ReturnType<UpstreamHttp['send']>>;
    try {
      let request: UpstreamRequest;
      try {
        request = adapter.request(call);
      } catch (error) {
        if (error instanceof UpstreamFailure) return { ...error.error, local: !error.channelFault };
        throw error;
      }
      request = await authorizeRequest(provider, request, call.channel, http, channel.proxy);
      response = await http.send(request, { proxy: channel.proxy });
    } catch (error) {
      // Credentials the upstream refused: the channel's failure, as in the relay.
      if (error instanceof UpstreamFailure) return upstreamError(error.error);
      // The same shape the relay gives a transport failure (spec §7.1): it never disables by itself.
      return {
        status: 500,
        message: `${message('relay.upstream.request_failed')}: ${error instanceof Error ? error.message : String(error)}`,
        type: 'one_hub_error',
        code: 'http_request_failed',
        local: false,
      };
    }
    const text = await response.body.text().catch(() => undefined);
    if (response.status < 200 || response.status >= 300) {
      return upstreamError(provider.parseError(response.status, text ?? '', call.channel));
    }
    try {
      if (text === undefined) throw new Error('unreadable reply');
      adapter.reply(parseReply(text, String(response.headers['content-type'] ?? '')), call);
      return undefined;
    } catch (error) {
      if (error instanceof UpstreamFailure) return upstreamError(error.error);
      return {
        status: 502,
        message: message('relay.upstream.bad_reply'),
        type: 'upstream_error',
        code: 'bad_response',
        local: false,
      };
    }
  }

  return {
    available: true,

    async test(wire: Channel, model: string): Promise<ChannelTestResult> {
      const channel = wireChannelToRelayChannel(wire);
      const startedAt = performance.now();
      const error = await sendTest(channel, model);
      // Milliseconds first, as one-hub reports them (time = ms / 1000 in the reply).
      const seconds = Math.round(performance.now() - startedAt) / 1000;
      if (!error) return { ok: true, message: '', seconds };
      const keywords = state.options().disableKeywords;
      return {
        ok: false,
        message: error.message,
        seconds,
        authFailure: shouldDisableChannel(error, channel.type, keywords),
      };
    },

    async balance(wire: Channel): Promise<number> {
      const channel = wireChannelToRelayChannel(wire);
      if (OPENAI_BALANCE_TYPES.has(wire.type)) return openAiBalance(http, channel);
      const provider = providerForChannel(channel.upstream);
      if (!provider?.balanceRequest || !provider.parseBalance) {
        throw new ApiFailure('FAILED', 'relay.channel.unsupported', { params: { operation: 'balance' } });
      }
      const { balanceRequest, parseBalance, parseError } = provider;
      return vendorBalance(http, channel, { balanceRequest, parseBalance, parseError });
    },

    async listModels(wire: Channel): Promise<string[]> {
      const channel = wireChannelToRelayChannel(wire);
      const provider = providerForChannel(channel.upstream);
      if (!provider?.modelsRequest || !provider.parseModels) {
        throw new ApiFailure('FAILED', 'relay.channel.unsupported', { params: { operation: 'models' } });
      }
      let response: Awaited<ReturnType<UpstreamHttp['send']>>;
      try {
        const request = await authorizeRequest(
          provider,
          provider.modelsRequest(channel.upstream),
          channel.upstream,
          http,
          channel.proxy,
        );
        response = await http.send(request, { proxy: channel.proxy });
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
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiFailure('FAILED', 'relay.upstream.bad_reply');
      }
      return provider.parseModels(body);
    },
  };
}

/** A failure the gateway decided itself (unsupported model or vendor): never a reason to disable. */
function localFailure(text: string): RelayError {
  return { status: 400, message: text, type: 'one_hub_error', code: null, local: true };
}
