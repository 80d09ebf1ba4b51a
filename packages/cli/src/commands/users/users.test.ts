// End-to-end: users, groups, redemption codes, top-up and the profile from the built `gw` on one server.
import { pagedSchema, redemptionSchema, userGroupSchema, userSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGw } from '../../test-support/run-gw.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let aliceId: number;
const userPage = pagedSchema(userSchema);

beforeAll(async () => {
  gw = await startSignedInGw();
});

afterAll(async () => {
  await gw?.stop();
});

describe('gw users', () => {
  it('Given create, Then the user lists with the core shape and no access token in JSON', async () => {
    const created = await gw.gw(['users', 'create', '--username', 'alice', '--password', 'alice-pass-1']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('User created');
    const listed = await gw.gw(['users', 'list', '--keyword', 'alice', '--json']);
    expect(listed.stdout).not.toContain('access_token');
    const page = userPage.parse(JSON.parse(listed.stdout));
    aliceId = page.data[0]!.id;
    expect(page.data.map((user) => user.username)).toEqual(['alice']);
    const short = await gw.gw(['users', 'create', '--username', 'bob']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('--password is required');
  });

  it('Given a terminal, When listing, Then a table with a header row and local times; a pipe gets ISO times', async () => {
    const tty = await gw.tty(['users', 'list'], [], { NO_COLOR: '1' });
    expect(tty.code).toBe(0);
    const [header, ...rows] = tty.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+USERNAME\s+/);
    expect(rows.some((row) => /alice\s/.test(row) && /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(row))).toBe(
      true,
    );
    const piped = await gw.gw(['users', 'list']);
    expect(piped.stdout).toMatch(/\t\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z\t/);
  });

  it('Given promote, demote and quota, Then the role and balance change; a deduction past the balance is refused', async () => {
    expect((await gw.gw(['users', 'promote', String(aliceId)])).code).toBe(0);
    expect(userSchema.parse(await gw.json(['u', 'view', String(aliceId), '--json'])).role).toBe(10);
    expect((await gw.gw(['users', 'demote', String(aliceId)])).code).toBe(0);
    expect((await gw.gw(['users', 'quota', String(aliceId), '$5', '--remark', 'welcome'])).code).toBe(0);
    expect(userSchema.parse(await gw.json(['u', 'view', String(aliceId), '--json'])).quota).toBe(2_500_000);
    const tooMuch = await gw.gw(['users', 'quota', String(aliceId), '$-6']);
    expect(tooMuch.code).toBe(2);
    expect(tooMuch.stderr).toMatch(/<amount>: .*balance/);
    const junk = await gw.gw(['users', 'quota', String(aliceId), 'lots']);
    expect(junk.code).toBe(2);
    expect(junk.stderr).toContain('<amount>: "lots" is not an amount; write $5, ¥35 or 2500000 points');
    expect(userSchema.parse(await gw.json(['u', 'view', String(aliceId), '--json'])).quota).toBe(2_500_000);
  });

  it('Given edit, disable and delete, Then each takes effect; root cannot be deleted', async () => {
    expect((await gw.gw(['users', 'edit', String(aliceId), '--display-name', 'Alice'])).code).toBe(0);
    expect(userSchema.parse(await gw.json(['u', 'view', String(aliceId), '--json'])).display_name).toBe(
      'Alice',
    );
    expect((await gw.gw(['users', 'disable', String(aliceId)])).code).toBe(0);
    expect(userSchema.parse(await gw.json(['u', 'view', String(aliceId), '--json'])).status).toBe(2);
    const root = await gw.gw(['users', 'delete', '1', '--yes']);
    expect(root.code).toBe(1);
    expect((await gw.gw(['users', 'delete', String(aliceId), '--yes'])).code).toBe(0);
    expect((await gw.gw(['users', 'view', String(aliceId)])).code).toBe(5);
  });
});

describe('gw groups', () => {
  it('Given create with the form defaults, Then the group lists; edit changes one field', async () => {
    const created = await gw.gw(['groups', 'create', '--symbol', 'vip', '--name', 'VIP', '--ratio', '0.8']);
    expect(created.code, created.stderr).toBe(0);
    const page = pagedSchema(userGroupSchema).parse(await gw.json(['groups', 'list', '--json']));
    const vip = page.data.find((group) => group.symbol === 'vip')!;
    expect(vip).toMatchObject({ ratio: 0.8, api_rate: 300, enable: true });
    expect((await gw.gw(['groups', 'edit', String(vip.id), '--api-rate', '120'])).code).toBe(0);
    expect(userGroupSchema.parse(await gw.json(['groups', 'view', String(vip.id), '--json'])).api_rate).toBe(
      120,
    );
    const ratio = await gw.gw(['groups', 'create', '--symbol', 'x', '--name', 'X', '--ratio', 'high']);
    expect(ratio.code).toBe(2);
    expect(ratio.stderr).toContain('--ratio must be a number');
  });
});

describe('gw redemptions and topup', () => {
  it('Given create --count --quota --name, Then the codes print one a line and redeem once', async () => {
    const run = await gw.gw(['redemptions', 'create', '--name', 'promo', '--count', '2', '--quota', '$1']);
    expect(run.code, run.stderr).toBe(0);
    const codes = run.stdout.trimEnd().split('\n');
    expect(codes).toHaveLength(2);
    const page = pagedSchema(redemptionSchema).parse(await gw.json(['redemptions', 'list', '--json']));
    expect(page.data.map((code) => code.quota)).toEqual([500_000, 500_000]);
    expect((await gw.gw(['redemptions', 'key', String(page.data[0]!.id)])).stdout).toBe(
      `${page.data[0]!.key}\n`,
    );
    const redeemed = await gw.gw(['topup', 'redeem', codes[0]!]);
    expect(redeemed.code, redeemed.stderr).toBe(0);
    expect(redeemed.stderr).toContain('Redeemed: $1.00 added');
    expect((await gw.gw(['topup', 'redeem', codes[0]!])).code).toBe(1);
    const csv = await gw.gw(['redemptions', 'export']);
    expect(csv.stdout.split('\r\n').filter(Boolean)).toHaveLength(3);
    const used = page.data.find((code) => code.key === codes[0])!;
    expect((await gw.gw(['redemptions', 'edit', String(used.id), '--name', 'x'])).code).toBe(1);
    expect((await gw.gw(['redemptions', 'delete', String(used.id)])).code).toBe(2);
    expect((await gw.gw(['redemptions', 'delete', String(used.id), '--yes'])).code).toBe(0);
  });
});

describe('gw profile', () => {
  it('Given a new password, Then login works with it; a new access token replaces the stored one', async () => {
    expect((await gw.gw(['profile', 'edit', '--display-name', 'Boss'])).code).toBe(0);
    expect(
      (await gw.json<{ display_name: string }>(['profile', 'view', '--json', 'display_name'])).display_name,
    ).toBe('Boss');
    const short = await gw.gw(['profile', 'password', '--password-stdin'], 'short\n');
    expect(short.code).toBe(2);
    expect((await gw.gw(['profile', 'password', '--password-stdin'], 'new-root-pass-1\n')).code).toBe(0);
    const login = await runGw(
      ['login', '--server', gw.server.url, '--username', 'root', '--password-stdin'],
      {
        env: { GW_CONFIG_DIR: `${gw.configDir}/other` },
        input: 'new-root-pass-1\n',
      },
    );
    expect(login.code, login.stderr).toBe(0);
    expect((await gw.gw(['profile', 'token'])).code).toBe(2);
    const token = await gw.gw(['profile', 'token', '--yes']);
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^\S{16,}\n$/);
    expect((await gw.gw(['whoami'])).code).toBe(0);
    const old = await runGw(['whoami'], { env: { GW_CONFIG_DIR: `${gw.configDir}/other` } });
    expect(old.code).toBe(4);
  });
});
