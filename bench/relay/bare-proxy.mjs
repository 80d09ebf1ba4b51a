// The relay bench's bare pass-through proxy: the ceiling for any Node gateway on this machine. It reads the
// request body, parses and re-serialises the JSON (every gateway must, to read `model` and `stream`), sends
// it upstream over undici with a keep-alive Agent and pipes the reply back, SSE included. No auth,
// routing, billing or logging. `node bench/relay/bare-proxy.mjs <upstream url> [port]` prints
// `listening <url>` once ready.
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { exitWithParent } from './processes.mjs';

const upstream = new URL(process.argv[2]).origin;
const agent = new Agent({ connections: 64, keepAliveTimeout: 60_000, pipelining: 1 });

const server = createServer((incoming, outgoing) => {
  const chunks = [];
  incoming.on('data', (chunk) => chunks.push(chunk));
  incoming.on('end', async () => {
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      outgoing.writeHead(400, { 'content-type': 'application/json' });
      outgoing.end('{"error":{"message":"invalid JSON"}}');
      return;
    }
    try {
      const reply = await request(`${upstream}${incoming.url}`, {
        method: incoming.method,
        headers: { 'content-type': 'application/json', authorization: incoming.headers.authorization ?? '' },
        body: JSON.stringify(body),
        dispatcher: agent,
      });
      const headers = { 'content-type': reply.headers['content-type'] ?? 'application/json' };
      // A JSON reply keeps its length (no chunked framing); a stream is relayed chunk by chunk.
      if (reply.headers['content-length']) headers['content-length'] = reply.headers['content-length'];
      if (body.stream === true) headers['cache-control'] = 'no-cache';
      outgoing.writeHead(reply.statusCode, headers);
      // pipe() rather than stream.pipeline(): pipeline aborts an AbortController (building a DOMException)
      // on every finish, a few % of this proxy's CPU. Either side failing ends the other.
      reply.body.on('error', () => outgoing.destroy());
      outgoing.on('close', () => reply.body.destroy());
      reply.body.pipe(outgoing);
    } catch (error) {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { message: String(error) } }));
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.argv[3] ?? 0), '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${server.address().port}`);
});
exitWithParent();
process.on('SIGTERM', () => process.exit(0));
