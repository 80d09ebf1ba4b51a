// End-to-end: `gw audit list` from the built binary against a real server: the entries of changes made
// through the CLI itself parse with core's schema, the web's filters narrow them, a pipe gets TSV, and a
// common user is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditEntrySchema, pagedSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGw } from '../../test-support/run-gw.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let aliceDir: string;
const page = pagedSchema(auditEntrySchema);

beforeAll(async () => {
  gw = await startSignedInGw();
  expect((await gw.gw(['users', 'create', '--username', 'alice', '--password', 'alice-pass-1'])).code).toBe(
    0,
  );
  aliceDir = mkdtempSync(join(tmpdir(), 'gw-cli-audit-alice-'));
  const login = await runGw(['login', '--server', gw.server.url, '--username', 'alice', '--password-stdin'], {
    env: { GW_CONFIG_DIR: aliceDir },
    input: 'alice-pass-1',
  });
  expect(login.code, login.stderr).toBe(0);
});

afterAll(async () => {
  await gw?.stop();
  if (aliceDir) rmSync(aliceDir, { recursive: true, force: true });
});

describe('gw audit', () => {
  it('lists the change the CLI made, with who, where and the fields (the password masked); filters narrow', async () => {
    const all = page.parse(await gw.json(['audit', 'list', '--json']));
    const created = all.data.find((entry) => entry.action === 'user.create');
    expect(created).toMatchObject({ username: 'root', resource: 'user', success: true });
    expect(created?.changes.username).toEqual({ after: 'alice' });
    expect(created?.changes.password).toEqual({ after: '***' });
    const users = page.parse(await gw.json(['audit', 'ls', '--json', '--resource', 'user']));
    expect(users.data.length).toBeGreaterThan(0);
    expect(users.data.every((entry) => entry.resource === 'user')).toBe(true);
    const none = page.parse(await gw.json(['audit', 'list', '--json', '--username', 'nobody']));
    expect(none.data).toEqual([]);
    const later = page.parse(
      await gw.json(['audit', 'list', '--json', '--since', String(Math.floor(Date.now() / 1000) + 3600)]),
    );
    expect(later.data).toEqual([]);
  });

  it('Given a pipe, Then TSV with a header line', async () => {
    const piped = await gw.gw(['audit', 'list', '--resource', 'user']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain('\t');
    expect(piped.stdout).toContain('user.create');
  });

  it('Given a common user, Then the list is refused', async () => {
    const refused = await runGw(['audit', 'list', '--json'], { env: { GW_CONFIG_DIR: aliceDir } });
    // FORBIDDEN exits 4, as every refused role does.
    expect(refused.code).toBe(4);
  });
});
