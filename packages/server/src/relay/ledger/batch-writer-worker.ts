// The ledger's writer thread (batch-writer.ts): owns its own connection to the database and applies each
// batch it is sent in one transaction, off the main thread's event loop; answers with what was written.
// Told to close, it closes its connection and leaves (a PostgreSQL or MySQL server then sees a clean end).
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.js';
import {
  inThreadWriter,
  type WriterClose,
  type WriterReply,
  type WriterRequest,
  type WriterWorkerData,
} from './batch-writer.js';

const data = workerData as WriterWorkerData;
const { db, close } = openDatabase(data.database);
// SQLite: other processes (and the main thread) write the same file, so the batch takes the write lock up
// front. The servers lock rows as they go.
const begin = data.database.kind === 'sqlite' ? 'immediate' : 'deferred';
const writer = inThreadWriter(db, data.nodeId, data.rejectsPath, undefined, begin);
const port = parentPort;
if (!port) throw new Error('batch-writer-worker runs as a worker thread');

// Batches come one at a time (the ledger waits for each answer), so no queue is needed here.
port.on('message', async (request: WriterRequest | WriterClose) => {
  if ('close' in request) {
    await close().catch(() => {});
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    const written = await writer.write(request.entries, request.now);
    reply = { seq: request.seq, ok: true, written: { ...written, appliedIds: [...written.appliedIds] } };
  } catch (error) {
    const failure = error as { message?: unknown; code?: unknown; errcode?: unknown; name?: unknown };
    reply = {
      seq: request.seq,
      ok: false,
      error: {
        message: String(failure?.message ?? error),
        ...(failure?.code === undefined ? {} : { code: failure.code }),
        ...(failure?.errcode === undefined ? {} : { errcode: failure.errcode }),
        ...(typeof failure?.name === 'string' ? { name: failure.name } : {}),
      },
    };
  }
  port.postMessage(reply);
});
