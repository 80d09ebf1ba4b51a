// Prepares a fresh gw for the relay bench over its management API, as an operator would: sign in as root,
// lift the default group's per-user rate limit (600 rpm would cap the bench at 10 req/s), top root's quota
// up (each bench request costs a few hundred points at the default 30/30 price), add an OpenAI channel
// (type 1) whose base_url is the fake upstream, and create an unlimited token.
import { chatBody } from './chat-load.mjs';

async function api(url, method, path, cookie, body) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = await response.json();
  if (!reply.success) throw new Error(`${method} ${path}: ${reply.message}`);
  return { data: reply.data, response };
}

/** Signs root in and returns the session cookie. */
async function signInRoot(url, password) {
  const { response } = await api(url, 'POST', '/api/user/login', undefined, { username: 'root', password });
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/** Raises the `default` group's api_rate so the limiter never refuses a bench request. */
async function liftRateLimit(url, cookie) {
  const { data } = await api(url, 'GET', '/api/user_group/?page=1&size=100', cookie);
  const groups = Array.isArray(data) ? data : data.data;
  const group = groups.find((item) => item.symbol === 'default');
  if (!group) throw new Error('no default user group');
  const { id, name, ratio, public: isPublic, promotion, min, max } = group;
  const body = { id, name, ratio, api_rate: 1_000_000_000, public: isPublic, promotion, min, max };
  await api(url, 'PUT', '/api/user_group/', cookie, body);
}

/**
 * Sets gw up to relay `gpt-4o-mini` to `upstreamUrl`; returns the `authorization` header to call it with and
 * root's session `cookie`.
 */
export async function prepareGw(url, upstreamUrl, rootPassword) {
  const cookie = await signInRoot(url, rootPassword);
  await liftRateLimit(url, cookie);
  const { data: self } = await api(url, 'GET', '/api/user/self', cookie);
  await api(url, 'POST', `/api/user/quota/${self.id}`, cookie, {
    quota: 10_000_000_000,
    remark: 'relay bench',
  });
  await api(url, 'POST', '/api/channel/', cookie, {
    type: 1,
    name: 'bench-upstream',
    key: 'sk-bench-upstream',
    base_url: upstreamUrl,
    models: 'gpt-4o-mini',
    group: 'default',
  });
  const { data: token } = await api(url, 'POST', '/api/token/', cookie, {
    name: 'bench',
    unlimited_quota: true,
    remain_quota: 0,
  });
  return { authorization: `Bearer sk-${token.key}`, cookie };
}

/**
 * Waits until gw has written `expected` consume logs (settlement is batched, so they trail the replies) or
 * `timeoutMs` passed, and returns how many it wrote: the proof that billing and logging ran.
 */
export async function waitForConsumeLogs(url, cookie, expected, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await api(url, 'GET', '/api/log/?log_type=2&page=1&size=1', cookie);
    if (data.total_count >= expected || Date.now() > deadline) return data.total_count;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * One chat request of each mode through gw: `{ available: true, probes }` (the requests gw relayed) when
 * both answer 200, else the reason (404 while the relay route does not exist yet).
 */
export async function probeRelay(url, authorization) {
  for (const stream of [false, true]) {
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: chatBody(stream),
    });
    const text = await response.text();
    if (response.status !== 200) {
      const mode = stream ? 'stream' : 'json';
      return { available: false, reason: `${mode}: HTTP ${response.status} ${text.slice(0, 160)}` };
    }
  }
  return { available: true, probes: 2 };
}
