// AWS Bedrock (channel type 32), spec §19 row "bedrock": OpenAI chat and the native Claude route served by
// Anthropic models through InvokeModel and InvokeModelWithResponseStream. The key is
// `region|accessKeyId|secretAccessKey[|sessionToken]` (SigV4-signed calls) or `region|apiKey` (a Bedrock
// API key sent as a bearer token); the stream is AWS's binary event stream, decoded in event-stream.ts.
import { chatBodyOf, claudeChatBody } from '../claude/claude-chat-request.js';
import { claudeChatReply } from '../claude/claude-chat-reply.js';
import { claudeChatStream } from '../claude/claude-chat-stream.js';
import { claudeNativeMessages } from '../claude/claude-native.js';
import { invalidFieldFailure } from '../claude/claude-request-error.js';
import type {
  OperationAdapter,
  ProviderCall,
  RelayProvider,
  StreamTranslator,
  UpstreamChannel,
  UpstreamError,
  UpstreamRequest,
} from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { badStatusMessage } from '../shared/upstream-error.js';
import { bedrockFamily, bedrockModelId } from './bedrock-models.js';
import { bedrockEventDecoder } from './event-stream.js';
import { type AwsCredentials, signedHeaders } from './sigv4.js';

export const BEDROCK_CHANNEL_TYPE = 32;
/** The anthropic_version Claude on Bedrock expects in the body. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
/** The SigV4 service name of Bedrock Runtime. */
const SIGNING_SERVICE = 'bedrock';

/** A channel key read: a region and either IAM credentials or an API key. */
export type BedrockKey =
  | { region: string; credentials: AwsCredentials; apiKey?: undefined }
  | { region: string; apiKey: string; credentials?: undefined };

function keyFailure(): UpstreamFailure {
  return new UpstreamFailure(
    {
      status: 401,
      message:
        'Bedrock channel key must be region|accessKeyId|secretAccessKey[|sessionToken] or region|apiKey',
      type: 'bedrock_error',
      code: 'invalid_credentials',
    },
    true,
  );
}

export function parseBedrockKey(key: string): BedrockKey {
  const parts = key.split('|').map((part) => part.trim());
  const [region = '', second = '', secret = '', session = ''] = parts;
  if (!/^[a-z]{2}(-[a-z]+)+-\d+$/.test(region) || !second || parts.length > 4) throw keyFailure();
  if (parts.length === 2) return { region, apiKey: second };
  if (!secret) throw keyFailure();
  return {
    region,
    credentials: {
      accessKeyId: second,
      secretAccessKey: secret,
      ...(session ? { sessionToken: session } : {}),
    },
  };
}

/** `https://bedrock-runtime.<region>.amazonaws.com`, or the channel's base URL. */
function runtimeHost(channel: UpstreamChannel, region: string): string {
  return channel.baseUrl
    ? channel.baseUrl.replace(/\/+$/, '')
    : `https://bedrock-runtime.${region}.amazonaws.com`;
}

function unsupportedModel(model: string): UpstreamFailure {
  return new UpstreamFailure({
    status: 400,
    message: `model ${model} is not an Anthropic model on Bedrock`,
    type: 'invalid_request_error',
    code: 'model_not_supported',
    param: 'model',
  });
}

/** An InvokeModel request (unsigned: the authorize step signs the final bytes). */
function invokeRequest(call: ProviderCall, messagesBody: Record<string, unknown>): UpstreamRequest {
  const { region } = parseBedrockKey(call.channel.key);
  const modelId = bedrockModelId(call.model);
  if (bedrockFamily(modelId) !== 'anthropic') throw unsupportedModel(call.model);
  // Bedrock refuses keys its schema lacks: the model is in the path, streaming is the action, and
  // `metadata` (from OpenAI's `user`) is not part of Claude on Bedrock.
  const { model: _model, stream: _stream, metadata: _metadata, ...rest } = messagesBody;
  const body: Record<string, unknown> = { ...rest, anthropic_version: BEDROCK_ANTHROPIC_VERSION };
  // Beta features travel in the body on Bedrock, not in a header.
  const beta = call.clientHeaders['anthropic-beta'];
  if (beta && body.anthropic_beta === undefined) {
    body.anthropic_beta = beta
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
  }
  const action = call.stream ? 'invoke-with-response-stream' : 'invoke';
  return {
    method: 'POST',
    url: `${runtimeHost(call.channel, region)}/model/${encodeURIComponent(modelId)}/${action}`,
    headers: {
      'content-type': 'application/json',
      accept: call.stream ? 'application/vnd.amazon.eventstream' : 'application/json',
      ...call.channel.headers,
    },
    body: jsonRequestBody(body),
  };
}

/** A translator reading Bedrock's event stream instead of SSE. */
function withEventStream(translator: StreamTranslator): StreamTranslator {
  return { ...translator, decoder: bedrockEventDecoder() };
}

const chat: OperationAdapter = {
  request: (call) =>
    invokeRequest(call, claudeChatBody(chatBodyOf(call), call.model, call.stream, call.settings)),
  reply: claudeChatReply,
  stream: (call) => withEventStream(claudeChatStream(call)),
};

const claudeMessages: OperationAdapter = {
  request(call) {
    if (call.body instanceof FormData) throw invalidFieldFailure('body');
    return invokeRequest(call, call.body);
  },
  reply: claudeNativeMessages.reply,
  stream: (call) => withEventStream(claudeNativeMessages.stream?.(call) as StreamTranslator),
};

/** Bedrock errors are `{"message": …}` (or `Message`); the type is in a header the relay does not keep. */
export function parseBedrockError(status: number, text: string): UpstreamError {
  let message = '';
  try {
    const body = JSON.parse(text) as { message?: unknown; Message?: unknown };
    const found = body.message ?? body.Message;
    if (typeof found === 'string') message = found;
  } catch {
    // not JSON: the status message below
  }
  return {
    status,
    message: message || badStatusMessage(status),
    type: 'bedrock_error',
    code: null,
  };
}

async function bodyBytes(body: UpstreamRequest['body']): Promise<string | Uint8Array> {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body === undefined) return '';
  throw new Error('Bedrock requests are JSON');
}

export const bedrockProvider: RelayProvider = {
  name: 'bedrock',
  types: [BEDROCK_CHANNEL_TYPE],
  operations: { chat, 'claude-messages': claudeMessages },
  parseError: (status, text) => parseBedrockError(status, text),
  async authorize(request, channel) {
    const key = parseBedrockKey(channel.key);
    if (key.apiKey !== undefined) {
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${key.apiKey}` } };
    }
    const body = await bodyBytes(request.body);
    const headers = signedHeaders(
      request.method,
      request.url,
      request.headers,
      body,
      key.credentials,
      key.region,
      SIGNING_SERVICE,
    );
    return { ...request, headers, body };
  },
};
