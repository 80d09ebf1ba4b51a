// The process the crash test kills: it takes holds, records settlements, flushes once midway, records more
// and then dies by SIGKILL with nothing else flushed. Run by node directly (see crash.test.ts).
import { parseDatabaseUrl } from '../../../config.js';
import { openDatabase } from '../../../db/database.js';
import { applyHold } from '../hold.js';
import { createSettlementLedger } from '../settlement-ledger.js';
import { settleEntry } from './ledger-fixture.js';

const url = process.env.LEDGER_CHILD_DB ?? '';
const journalDir = process.env.LEDGER_CHILD_JOURNAL ?? '';
const { db } = openDatabase(parseDatabaseUrl(url, process.cwd()));
const ledger = createSettlementLedger({
  db,
  dbKind: 'sqlite',
  journalDir,
  nodeId: 'node-a',
  flushIntervalMs: 3_600_000,
});

async function settle(index: number): Promise<void> {
  const id = `r${index}`;
  if ((await applyHold(db, { userId: 1, tokenId: 10, tokenUnlimited: false, amount: 100 })) !== 'ok') {
    throw new Error('hold refused');
  }
  ledger.holdOpened({ id, userId: 1, tokenId: 10, tokenUnlimited: false, hold: 100, at: 1_800_000_000 });
  ledger.record(settleEntry(id, { userId: 1, tokenId: 10, channelId: 5, hold: 100, quota: index }));
}

// A request still upstream when the process dies: its hold must come back at the next start.
await applyHold(db, { userId: 1, tokenId: 10, tokenUnlimited: false, amount: 250 });
ledger.holdOpened({
  id: 'open',
  userId: 1,
  tokenId: 10,
  tokenUnlimited: false,
  hold: 250,
  at: 1_800_000_000,
});
for (let index = 1; index <= 10; index += 1) await settle(index);
await ledger.flush();
for (let index = 11; index <= 20; index += 1) await settle(index);
process.stdout.write('ready\n');
process.kill(process.pid, 'SIGKILL');
