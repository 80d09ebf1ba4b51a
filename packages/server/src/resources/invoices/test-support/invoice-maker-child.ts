// A process of its own that makes one month's bills, for the test of several makers racing
// (invoices.routes.test.ts). It waits for the shared start time so the makers really overlap, makes the
// month once if not made, then again, and prints what each call answered as JSON.
// INVOICE_CHILD_DB: the database URL; INVOICE_CHILD_MONTH: `YYYY-MM-01`; INVOICE_CHILD_START_AT: ms.
import { parseDatabaseUrl } from '../../../config.js';
import { openDatabase } from '../../../db/database.js';
import { createInvoicesRepository } from '../invoices.repository.js';
import { createInvoicesService } from '../invoices.service.js';

const database = parseDatabaseUrl(process.env.INVOICE_CHILD_DB ?? '', process.cwd());
const month = process.env.INVOICE_CHILD_MONTH ?? '';
const handle = openDatabase(database);
// makeMonth reads no option: the job and root decide whether to call it.
const noOptions = {
  get: async () => undefined,
  getMany: async () => new Map<string, string>(),
  set: async () => undefined,
};
const maker = createInvoicesService(createInvoicesRepository(handle.db, database.kind), noOptions);

const startAt = Number(process.env.INVOICE_CHILD_START_AT ?? 0);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const missing = await maker.makeMonth(month, 'missing');
const replace = await maker.makeMonth(month, 'replace');
await handle.close();
process.stdout.write(`${JSON.stringify({ missing, replace })}\n`);
