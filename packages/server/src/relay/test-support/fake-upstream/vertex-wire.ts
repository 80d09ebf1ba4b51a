// Google's side of Vertex AI, as the fake upstream speaks it: the OAuth token endpoint of a service
// account (RFC 7523 JWT bearer grant, the assertion's RS256 signature checked against the account's
// public key) and the Vertex model routes, which accept only tokens it issued. Claude on Vertex answers
// in Anthropic's Messages format, Gemini in generateContent's, Imagen in predict's.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { claudeMessagesReply } from './claude-wire.js';
import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';
import { geminiErrorBody, geminiReply } from './gemini-wire.js';
import { FAKE_IMAGE_PNG } from './openai-media-wire.js';

/** The fake service account: a real RSA key pair made once per test process. */
const ACCOUNT_KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const FAKE_SERVICE_ACCOUNT_EMAIL = 'relay@fake-project.iam.gserviceaccount.com';
/** What the token endpoint answers as `expires_in` (Google: 3599). */
export const FAKE_TOKEN_LIFETIME_SECONDS = 3599;

/** A service-account JSON whose token_uri is the fake's own `/token`. */
export function fakeServiceAccountKey(baseUrl: string, projectId = 'fake-project'): string {
  return JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'fake-key-id-1',
    private_key: ACCOUNT_KEYS.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: FAKE_SERVICE_ACCOUNT_EMAIL,
    client_id: '100000000000000000001',
    token_uri: `${baseUrl}/token`,
  });
}

const issued = new Set<string>();
let tokenSequence = 0;

const tokenError = (error: string, description: string): FakeReply => ({
  kind: 'json',
  status: 400,
  body: { error, error_description: description },
});

function decodeSegment(segment: string | undefined): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `POST /token`: checks the grant, the JWT's signature, audience, issuer, scope and times. */
export function oauthTokenReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
  if (!String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
    return tokenError('invalid_request', 'form body expected');
  }
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
    return tokenError('unsupported_grant_type', 'Invalid grant_type');
  }
  const parts = (form.get('assertion') ?? '').split('.');
  const header = decodeSegment(parts[0]);
  const claims = decodeSegment(parts[1]);
  if (parts.length !== 3 || header?.alg !== 'RS256' || !claims) {
    return tokenError('invalid_grant', 'Invalid JWT');
  }
  const signed = createVerify('RSA-SHA256')
    .update(`${parts[0]}.${parts[1]}`)
    .verify(ACCOUNT_KEYS.publicKey, Buffer.from(parts[2] ?? '', 'base64url'));
  if (!signed) return tokenError('invalid_grant', 'Invalid JWT Signature.');
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (
    claims.iss !== FAKE_SERVICE_ACCOUNT_EMAIL ||
    claims.aud !== `${options.baseUrl}/token` ||
    claims.scope !== 'https://www.googleapis.com/auth/cloud-platform' ||
    !(iat <= now + 60 && exp > now && exp - iat <= 3600)
  ) {
    return tokenError('invalid_grant', 'Invalid JWT: claims');
  }
  const token = `ya29.fake-${++tokenSequence}`;
  issued.add(token);
  return {
    kind: 'json',
    status: 200,
    body: { access_token: token, expires_in: FAKE_TOKEN_LIFETIME_SECONDS, token_type: 'Bearer' },
  };
}

const VERTEX_PATH =
  /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):([A-Za-z]+)$/;

/** The parts of a Vertex model path, or undefined. */
export function matchVertexPath(
  path: string,
): { project: string; location: string; publisher: string; model: string; method: string } | undefined {
  const match = VERTEX_PATH.exec(path);
  if (!match) return undefined;
  return {
    project: decodeURIComponent(match[1] ?? ''),
    location: match[2] ?? '',
    publisher: match[3] ?? '',
    model: decodeURIComponent(match[4] ?? ''),
    method: match[5] ?? '',
  };
}

const unauthenticated = (): FakeReply => ({
  kind: 'json',
  status: 401,
  body: geminiErrorBody(
    401,
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  ),
});

/** A Vertex model route: the token checked, then Claude, Gemini or Imagen answers. */
export function vertexReply(
  request: RecordedRequest,
  route: NonNullable<ReturnType<typeof matchVertexPath>>,
  options: FakeReplyOptions,
): FakeReply {
  const auth = String(request.headers.authorization ?? '');
  if (!auth.startsWith('Bearer ') || !issued.has(auth.slice(7))) return unauthenticated();
  const { publisher, model, method } = route;
  if (publisher === 'anthropic' && (method === 'rawPredict' || method === 'streamRawPredict')) {
    if (bodyField(request.body, 'anthropic_version') !== 'vertex-2023-10-16') {
      return {
        kind: 'json',
        status: 400,
        body: geminiErrorBody(400, 'anthropic_version: vertex-2023-10-16 required'),
      };
    }
    if (bodyField(request.body, 'model') !== undefined) {
      return {
        kind: 'json',
        status: 400,
        body: geminiErrorBody(400, 'model: Extra inputs are not permitted'),
      };
    }
    const body = { ...(request.body as Record<string, unknown>), model };
    return claudeMessagesReply({ ...request, body }, options);
  }
  if (publisher === 'google' && (method === 'generateContent' || method === 'streamGenerateContent')) {
    return geminiReply(request, model, method === 'streamGenerateContent', options);
  }
  if (publisher === 'google' && method === 'predict' && model.startsWith('imagen')) {
    const count = Number(bodyField(bodyField(request.body, 'parameters'), 'sampleCount') ?? 1);
    const image = { bytesBase64Encoded: FAKE_IMAGE_PNG.toString('base64'), mimeType: 'image/png' };
    return { kind: 'json', status: 200, body: { predictions: Array.from({ length: count }, () => image) } };
  }
  return {
    kind: 'json',
    status: 404,
    body: geminiErrorBody(404, `no fake Vertex method ${publisher}/${method}`),
  };
}
