import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { createNodeFetch } from '../../node/transport.js';
import { exportMultiUserStats, multiUserExportFileName } from './analytics.api.js';
import { MULTI_USER_CSV_HEADER } from './analytics.schema.js';

// The export answers text/csv on success and the JSON envelope on a refusal (contract §1.16).
describe('exportMultiUserStats', () => {
  let server: Server;
  let client: ApiClient;
  let asked = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked = req.url ?? '';
      if (req.url?.includes('usernames=ann%2Cbob')) {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.end(`${MULTI_USER_CSV_HEADER}\nann,3,1500,10,20,300\n`);
      } else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'no such user' }));
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    client = new ApiClient({ baseUrl: `http://127.0.0.1:${port}`, fetch: createNodeFetch() });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('Given a CSV reply, Then it returns the text; a failure envelope throws', async () => {
    const query = { usernames: ['ann', 'bob'], start_time: '2026-11-01', end_time: '2026-11-25' };
    const csv = await exportMultiUserStats(client, query);
    expect(asked).toBe(
      '/api/analytics/multi_user_stats/export?usernames=ann%2Cbob&start_time=2026-11-01&end_time=2026-11-25',
    );
    expect(csv.split('\n')[1]).toBe('ann,3,1500,10,20,300');
    await expect(exportMultiUserStats(client, { ...query, usernames: ['zed'] })).rejects.toBeInstanceOf(
      GwApiError,
    );
    expect(multiUserExportFileName(query)).toBe('multi_user_stats_2026-11-01_2026-11-25.csv');
  });
});
