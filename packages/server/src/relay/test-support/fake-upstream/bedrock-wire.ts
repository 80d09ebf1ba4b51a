// AWS Bedrock Runtime as the fake upstream speaks it: InvokeModel and InvokeModelWithResponseStream for
// Anthropic models. Every call must carry either the fake API key as a bearer token or a SigV4 signature
// by the fake IAM credentials, verified with the maintained @smithy/signature-v4 signer over the bytes
// received (x-amz-content-sha256 checked against them too). Bodies are Anthropic's with
// anthropic_version bedrock-2023-05-31 and no model; streams are binary event stream `chunk` messages.
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { encodeBedrockChunk, encodeBedrockException } from '../../providers/bedrock/event-stream.js';
import { claudeMessagesReply } from './claude-wire.js';
import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';

/** The IAM user the fake accepts SigV4 signatures from. */
export const FAKE_AWS_CREDENTIALS = {
  accessKeyId: 'AKIAFAKEBEDROCK00001',
  secretAccessKey: 'fakeSecret/Key+ForBedrockTests0000000000',
  sessionToken: 'fake-session-token-2026',
};
/** The Bedrock API key (bearer token) the fake accepts. */
export const FAKE_BEDROCK_API_KEY = 'ABSKfakeBedrockApiKey0001';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): string | Buffer =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The sha256 constructor @smithy/signature-v4 takes, over node:crypto (an HMAC when given a secret). */
export class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {}
}

const BEDROCK_PATH = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;

/** The model id and action of a Bedrock Runtime path, or undefined. */
export function matchBedrockPath(path: string): { model: string; stream: boolean } | undefined {
  const match = BEDROCK_PATH.exec(path);
  if (!match) return undefined;
  return { model: decodeURIComponent(match[1] ?? ''), stream: match[2] === 'invoke-with-response-stream' };
}

/** Bedrock's error body, `{"message": …}` (the type travels in x-amzn-errortype). */
export function bedrockErrorBody(_status: number, message: string): unknown {
  return { message };
}

const refuse = (status: number, message: string): FakeReply => ({
  kind: 'json',
  status,
  body: bedrockErrorBody(status, message),
});

/** Checks the request's credentials; undefined when accepted, else the refusal. */
async function authenticate(request: RecordedRequest, rawPath: string): Promise<FakeReply | undefined> {
  const auth = String(request.headers.authorization ?? '');
  if (auth.startsWith('Bearer ')) {
    return auth.slice(7) === FAKE_BEDROCK_API_KEY ? undefined : refuse(403, 'Invalid API Key format');
  }
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/bedrock\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return refuse(403, 'Missing Authentication Token');
  const [, accessKey, , region, signedNames = ''] = match;
  if (accessKey !== FAKE_AWS_CREDENTIALS.accessKeyId) {
    return refuse(403, 'The security token included in the request is invalid.');
  }
  const raw = request.raw ?? Buffer.alloc(0);
  if (request.headers['x-amz-content-sha256'] !== createHash('sha256').update(raw).digest('hex')) {
    return refuse(400, 'The provided x-amz-content-sha256 header does not match what was computed.');
  }
  if (request.headers['x-amz-security-token'] !== FAKE_AWS_CREDENTIALS.sessionToken) {
    return refuse(403, 'The security token included in the request is invalid.');
  }
  const date = String(request.headers['x-amz-date'] ?? '');
  const signingDate = new Date(
    `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
  );
  if (!(Math.abs(Date.now() - signingDate.getTime()) < 5 * 60_000)) return refuse(403, 'Signature expired');
  const headers: Record<string, string> = {};
  for (const name of signedNames.split(';')) headers[name] = String(request.headers[name] ?? '');
  const host = headers.host ?? '';
  const signer = new SignatureV4({
    credentials: FAKE_AWS_CREDENTIALS,
    region: region ?? '',
    service: 'bedrock',
    sha256: NodeSha256,
  });
  const expected = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: host.replace(/:\d+$/, ''),
      path: rawPath,
      query: request.query,
      headers,
      body: raw,
    },
    { signingDate },
  );
  if (expected.headers.authorization !== auth) {
    return refuse(
      403,
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    );
  }
  return undefined;
}

/** `POST /model/:id/invoke[-with-response-stream]`: credentials checked, then Claude answers. */
export async function bedrockReply(
  request: RecordedRequest,
  rawPath: string,
  route: { model: string; stream: boolean },
  options: FakeReplyOptions,
): Promise<FakeReply> {
  const refusal = await authenticate(request, rawPath);
  if (refusal) return refusal;
  if (!route.model.includes('anthropic.')) return refuse(400, `The provided model identifier is invalid.`);
  if (bodyField(request.body, 'anthropic_version') !== 'bedrock-2023-05-31') {
    return refuse(400, 'Malformed input request: anthropic_version is required');
  }
  for (const field of ['model', 'stream', 'metadata']) {
    if (bodyField(request.body, field) !== undefined) {
      return refuse(400, `Malformed input request: extraneous key [${field}] is not permitted`);
    }
  }
  const body = { ...(request.body as Record<string, unknown>), model: route.model, stream: route.stream };
  const reply = claudeMessagesReply({ ...request, body }, { ...options, midStreamError: undefined });
  if (reply.kind !== 'sse') return reply;
  const messages: Uint8Array[] = [];
  for (const frame of reply.frames) {
    const data = /^data: (.*)$/m.exec(frame)?.[1];
    if (data === undefined) continue;
    messages.push(encodeBedrockChunk(data));
    // After the first text delta (message_start, content_block_start, ping, delta).
    if (options.midStreamError && messages.length === 4) {
      messages.push(encodeBedrockException('modelStreamErrorException', options.midStreamError.message));
      break;
    }
  }
  return {
    kind: 'bytes',
    status: 200,
    contentType: 'application/vnd.amazon.eventstream',
    body: Buffer.concat(messages),
  };
}
