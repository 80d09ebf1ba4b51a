// The process the crash tests kill. LEDGER_CHILD_MODE=settle (default): it takes holds, records
// settlements, flushes once midway, records more and dies by SIGKILL with nothing else flushed.
// LEDGER_CHILD_WRITER=worker writes its batches through the writer thread (batch-writer.ts).
// LEDGER_CHILD_MODE=hold: it takes one hold of 1,500 points and dies the instant the hold has committed.
// LEDGER_CHILD_MODE=exit: it settles one request and exits (process.exit) in the same turn, without waiting
// for the journal's group write.
// Run by node directly (see crash.test.ts).
import { parseDatabaseUrl } from '../../../config.js';
import { openDatabase } from '../../../db/database.js';
import { workerThreadWriter } from '../batch-writer.js';
import { applyHold } from '../hold.js';
import { createSettlementLedger } from '../settlement-ledger.js';
import { settleEntry } from './ledger-fixture.js';

const url = process.env.LEDGER_CHILD_DB ?? '';
const journalDir = process.env.LEDGER_CHILD_JOURNAL ?? '';
const database = parseDatabaseUrl(url, process.cwd());
const { db } = openDatabase(database);
const ledger = createSettlementLedger({
  db,
  dbKind: database.kind,
  journalDir,
  nodeId: 'node-a',
  flushIntervalMs: 3_600_000,
  // LEDGER_CHILD_WRITER=worker: batches go through the SQLite writer thread, as the relay's do.
  ...(process.env.LEDGER_CHILD_WRITER === 'worker'
    ? { writer: workerThreadWriter({ database, nodeId: 'node-a', rejectsPath: undefined }) }
    : {}),
});
const owner = ledger.holdOwner;

async function settle(index: number): Promise<void> {
  const id = `r${index}`;
  if (
    (await applyHold(db, { id, owner, userId: 1, tokenId: 10, tokenUnlimited: false, amount: 100 })) !== 'ok'
  ) {
    throw new Error('hold refused');
  }
  await ledger.record(settleEntry(id, { userId: 1, tokenId: 10, channelId: 5, hold: 100, quota: index }));
}

if (process.env.LEDGER_CHILD_MODE === 'hold') {
  const held = await applyHold(db, {
    id: 'held',
    owner,
    userId: 1,
    tokenId: 10,
    tokenUnlimited: false,
    amount: 1_500,
  });
  if (held !== 'ok') throw new Error('hold refused');
  // The hold has committed; nothing else of this request reaches the disk.
  process.stdout.write('ready\n');
  process.kill(process.pid, 'SIGKILL');
}

if (process.env.LEDGER_CHILD_MODE === 'exit') {
  if (
    (await applyHold(db, {
      id: 'late',
      owner,
      userId: 1,
      tokenId: 10,
      tokenUnlimited: false,
      amount: 100,
    })) !== 'ok'
  ) {
    throw new Error('hold refused');
  }
  void ledger.record(settleEntry('late', { userId: 1, tokenId: 10, channelId: 5, hold: 100, quota: 42 }));
  process.stdout.write('ready\n');
  process.exit(0);
}

// A request still upstream when the process dies: its hold must come back at the next start.
await applyHold(db, { id: 'open', owner, userId: 1, tokenId: 10, tokenUnlimited: false, amount: 250 });
for (let index = 1; index <= 10; index += 1) await settle(index);
await ledger.flush();
for (let index = 11; index <= 20; index += 1) await settle(index);
process.stdout.write('ready\n');
process.kill(process.pid, 'SIGKILL');
