// The relay bench's fake OpenAI upstream, as small and fast as a Node server gets, so the bench measures the
// proxies in front of it: `POST /v1/chat/completions` answers a fixed chat completion as JSON, or with
// `"stream": true` a few SSE chunks, the usage chunk when `stream_options.include_usage` asks, and
// `[DONE]`. Runs alone: `node bench/relay/upstream.mjs [port]` prints `listening <url>` once ready.
import { createServer } from 'node:http';
import { exitWithParent } from './processes.mjs';

const CREATED = 1_700_000_000;
const PIECES = ['Hello', '! How', ' can I', ' help', ' you today?'];
const TEXT = PIECES.join('');
let sequence = 0;

/** Words in the messages' text: the prompt tokens the fake reports, as a real upstream would count them. */
function promptTokens(messages) {
  if (!Array.isArray(messages)) return 0;
  let words = 0;
  for (const message of messages) {
    if (typeof message?.content === 'string') words += message.content.split(/\s+/).filter(Boolean).length;
  }
  return words;
}

function chatReply(response, body) {
  const id = `chatcmpl-bench-${++sequence}`;
  const model = typeof body.model === 'string' ? body.model : 'gpt-4o-mini';
  const prompt = promptTokens(body.messages);
  const usage = {
    prompt_tokens: prompt,
    completion_tokens: PIECES.length,
    total_tokens: prompt + PIECES.length,
  };
  if (body.stream !== true) {
    const message = { role: 'assistant', content: TEXT };
    const choices = [{ index: 0, message, finish_reason: 'stop', logprobs: null }];
    const text = JSON.stringify({ id, object: 'chat.completion', created: CREATED, model, choices, usage });
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
    return;
  }
  const frame = (choices, extra) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: CREATED, model, choices, ...extra })}\n\n`;
  const delta = (content, finish = null) =>
    frame([{ index: 0, delta: content, finish_reason: finish, logprobs: null }]);
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  // One write per event, as an upstream streaming tokens does (Node may still coalesce them on the wire).
  response.write(delta({ role: 'assistant', content: '' }));
  for (const piece of PIECES) response.write(delta({ content: piece }));
  response.write(delta({}, 'stop'));
  if (body.stream_options?.include_usage === true) response.write(frame([], { usage }));
  response.end('data: [DONE]\n\n');
}

function notFound(response) {
  const text = JSON.stringify({ error: { message: 'not found', type: 'invalid_request_error' } });
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(text);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (request.method !== 'POST' || !request.url.startsWith('/v1/chat/completions')) {
      notFound(response);
      return;
    }
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'invalid JSON', type: 'invalid_request_error' } }));
      return;
    }
    chatReply(response, body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[2] ?? 0), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}`);
});
exitWithParent();
process.on('SIGTERM', () => process.exit(0));
