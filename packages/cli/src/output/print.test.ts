import { TOKEN_COLUMNS, tokenSchema } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test-support/fake-context.js';
import { printJson, printRecord, printRows } from './print.js';

// The renderer's own tests: the owner column (filled only on an admin's search) is empty on these rows.
const COLUMNS = TOKEN_COLUMNS.filter((column) => column.id !== 'owner');

const rows = [
  tokenSchema.parse({ id: 5, status: 1, name: 'deploy', key: 'k'.repeat(44), created_time: 1_700_000_000 }),
];

describe('printRows: TTY vs pipe', () => {
  it('Given a terminal, Then a table with a header and local YYYY-MM-DD HH:mm:ss times', () => {
    const { ctx, stdout } = fakeContext({ tty: true, columns: 200, env: { NO_COLOR: '1' } });
    printRows(ctx, rows, COLUMNS);
    const [header, row] = stdout().trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+NAME/);
    expect(row).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('Given a pipe, Then TSV without a header and ISO times', () => {
    const { ctx, stdout } = fakeContext({ tty: false });
    printRows(ctx, rows, COLUMNS);
    expect(stdout()).toMatch(/^5\tdeploy\t/);
    expect(stdout()).toContain('2023-11-14T22:13:20.000Z');
    expect(stdout().split('\n')).toHaveLength(2);
  });

  it('Given NO_COLOR on a terminal, Then no escape codes; FORCE_COLOR on a pipe keeps TSV but colours nothing in it', () => {
    const tty = fakeContext({ tty: true, columns: 200, env: { NO_COLOR: '1' } });
    printRows(tty.ctx, rows, COLUMNS, { cellColor: () => 'green' });
    expect(tty.stdout()).not.toContain('\u001b[');
    const coloured = fakeContext({ tty: true, columns: 200, env: { FORCE_COLOR: '1' } });
    printRows(coloured.ctx, rows, COLUMNS, { cellColor: () => 'green' });
    expect(coloured.stdout()).toContain('\u001b[32m');
  });
});

describe('printRecord and printJson', () => {
  it('labels fields in the user language on a terminal and by id on a pipe', () => {
    const fields = [{ id: 'name', labelKey: 'tokens.fields.name', value: 'deploy' }];
    const zh = fakeContext({ tty: true, env: { LANG: 'zh_CN.UTF-8', NO_COLOR: '1' } });
    printRecord(zh.ctx, fields);
    expect(zh.stdout()).toBe('名称: deploy\n');
    const pipe = fakeContext();
    printRecord(pipe.ctx, fields);
    expect(pipe.stdout()).toBe('name\tdeploy\n');
  });

  it('prints indented JSON with a trailing newline', () => {
    const { ctx, stdout } = fakeContext();
    printJson(ctx, { a: 1 });
    expect(stdout()).toBe('{\n  "a": 1\n}\n');
  });
});
