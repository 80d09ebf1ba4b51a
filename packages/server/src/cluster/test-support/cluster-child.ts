// `gw serve --workers 2` as the cluster tests run it: this file is the primary and, forked by it, each
// worker. The primary prints `listening <url>` once both workers listen and stops them all on SIGTERM.
// Run by node with the TypeScript hooks (see workers.relay.test.ts); settings come from the environment.
import cluster from 'node:cluster';
import { serve } from '../serve-workers.js';

const server = await serve({
  port: 0,
  host: '127.0.0.1',
  handleSignals: false,
  env: process.env,
  workers: 2,
});
if (cluster.isPrimary) {
  process.stdout.write(`listening ${server.url}\n`);
  process.once('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}
