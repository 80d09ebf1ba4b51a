import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { createNodeFetch } from '../../node/transport.js';
import { deleteDisabledTagChannels } from './channel-tags.api.js';

// one-hub answers `DELETE /api/channel_tag/:tag/disabled` with an empty 200 body (contract §6.2).
describe('deleteDisabledTagChannels against one-hub', () => {
  let server: Server;
  let client: ApiClient;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/api/channel_tag/empty/disabled') {
        res.writeHead(200);
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: '权限不足' }));
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    client = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: createNodeFetch() });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('Given an empty success body, Then it counts as success (0); a refusal still throws', async () => {
    expect(await deleteDisabledTagChannels(client, 'empty')).toBe(0);
    await expect(deleteDisabledTagChannels(client, 'other')).rejects.toBeInstanceOf(GwApiError);
  });
});
