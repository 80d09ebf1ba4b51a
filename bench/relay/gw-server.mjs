// gw for the relay bench, in its own process: the built server (packages/server/dist) on a free port, with the
// settings it reads from the environment the bench passes (SQLite in a temp folder, the root password,
// silent logs). Prints `listening <url>` once ready.
import cluster from 'node:cluster';
import { serve } from '../../packages/server/dist/index.js';
import { watchPauses } from './pauses.mjs';
import { exitWithParent } from './processes.mjs';

// GW_WORKERS > 1: this process is the cluster's primary and the workers run this file too (quietly).
const gw = await serve({ port: 0, host: '127.0.0.1', handleSignals: false, env: process.env });
if (cluster.isPrimary) console.log(`listening ${gw.url}`);
// A process that serves alone (it forked no workers): its event loop and GC pauses are reported per run.
if (cluster.isPrimary && Object.keys(cluster.workers ?? {}).length === 0) watchPauses();
exitWithParent();
process.on('SIGTERM', async () => {
  await gw.close();
  process.exit(0);
});
