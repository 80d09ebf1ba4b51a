// The operator screens' own actions against a real gw server and the fake upstream: tokens (create with
// money, edit, copy, delete), channels (test one, test all live, model check, batch disable), a user's
// quota change with a remark, and the key conventions (read-only).
import { createToken, getChannel, listTokens, listUsers } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream.js';
import { createUser, KEYS, useRootConsole } from '../test-support/tui-harness.js';

describe('operator screens against a real gw server', () => {
  const console_ = useRootConsole();
  let upstream: FakeUpstream;
  const copied: string[] = [];
  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    await upstream?.close();
  });
  const open = (alias: string, ready: string | RegExp, props: { readOnly?: boolean } = {}) =>
    console_.open(alias, ready, { copy: (text) => copied.push(text), ...props });

  it('Given the token form, when $-1 is typed, then it says why and the message goes once $5 is typed; e edits, y copies, Ctrl-d deletes after asking', async () => {
    const screen = await open('tk', 'Page 1 of 1 (0 rows)');
    await screen.press('c', 'Create token');
    // Name, then Never expires, Unlimited quota (switched off), then the quota that appears.
    await screen.press(`ci${KEYS.tab}${KEYS.tab} ${KEYS.tab}`, /› Quota +\$0/);
    await screen.press(`\u0015$-1${KEYS.enter}`, 'Quota cannot be negative ("$-1")');
    const fixed = await screen.press(`${KEYS.backspace.repeat(2)}5`, /› Quota +\$5/);
    await screen.waitFor((frame) => !frame.includes('cannot be negative'), 'the message to go');
    expect(fixed).not.toContain('cannot be negative');
    const created = await screen.press(KEYS.enter, /sk-[A-Za-z0-9_-]{20,}/);
    expect(created).toContain('Token created');
    await screen.press(KEYS.escape, /› +\d+ +ci +.*\$5\.00/);
    const [token] = (await listTokens(console_.root, { page: 1, size: 10 })).data;
    expect(token).toMatchObject({ name: 'ci', remain_quota: 2_500_000, unlimited_quota: false });
    // Yuan at the site's USD rate (7.3 by default) read by the same core rule.
    await screen.press('e', 'Edit token');
    await screen.press(`${KEYS.tab}${KEYS.tab}${KEYS.tab}\u0015¥14.6${KEYS.enter}`, /› +\d+ +ci +.*\$2\.00/);
    expect((await listTokens(console_.root, { page: 1, size: 10 })).data[0]?.remain_quota).toBe(1_000_000);
    await screen.press('y', 'Copied: sk-');
    expect(copied.at(-1)).toBe(`sk-${token?.key}`);
    await screen.press(KEYS.ctrlD, 'Delete token ci? [y/N]');
    await screen.press('y', 'Page 1 of 1 (0 rows)');
    expect((await listTokens(console_.root, { page: 1, size: 10 })).total_count).toBe(0);
  });

  it('Given a channel on the fake upstream, when t, T and M are pressed, then the test, the live run and the model check report; Space + a disables', async () => {
    await console_.root.send('POST', '/api/channel/', {
      body: {
        type: 1,
        name: 'fake-openai',
        key: 'sk-fake',
        base_url: upstream.url,
        group: 'default',
        models: 'gpt-4o-mini',
        test_model: 'gpt-4o-mini',
      },
    });
    const screen = await open('ch', /› +\d+ +fake-openai/);
    await screen.press('t', /Channel fake-openai model gpt-4o-mini took \d+\.\d\d s/);
    // Test all: every result as it arrives, then the tally.
    const run = await screen.press('T', 'Finished: 1 of 1 tested, 1 passed, 0 failed');
    expect(run).toMatch(/✓ +\d+ +fake-openai +\d+\.\d\d s \(gpt-4o-mini\)/);
    await screen.press(KEYS.escape, /› +\d+ +fake-openai/);
    await screen.press('M', 'Check the models of fake-openai');
    await screen.press(KEYS.enter, /Check finished: \d passed, \d failed/);
    await screen.press(KEYS.escape, /› +\d+ +fake-openai/);
    await screen.press(' ', '1 marked');
    const menu = await screen.press('a', 'Actions on 1 marked rows');
    const disable = menu.match(/(\d)\. Disable/)?.[1] ?? '';
    await screen.press(disable, 'Updated');
    const id = Number(run.match(/✓ +(\d+) +fake-openai/)?.[1]);
    expect((await getChannel(console_.root, id)).status).toBe(2);
  });

  it('Given a user, when Change quota is run with $5 and a remark, then the quota grows; a deduction beyond the balance is refused by its field', async () => {
    await createUser(console_.root, 'quota-user', 'quota-user-password');
    const screen = await open('users', /› +\d+ +quota-user/);
    const menu = await screen.press('a', 'Actions: quota-user');
    const change = menu.match(/(\d)\. Change quota/)?.[1] ?? '';
    await screen.press(change, '› Amount');
    const refused = await screen.press(
      `\u0015-$999${KEYS.enter}`,
      "Cannot deduct an amount exceeding the user's balance",
    );
    expect(refused).toContain('› Amount');
    await screen.press(`\u0015$5${KEYS.tab}gift${KEYS.enter}`, 'Page 1 of');
    // The footer is the list's again, not the closed form's (a real terminal showed the form's keys).
    await screen.waitFor(
      (frame) => (frame.split('\n').at(-2) ?? '').startsWith('<Enter> detail'),
      "the list's keys in the footer",
    );
    const user = (await listUsers(console_.root, { page: 1, size: 10, keyword: 'quota-user' })).data[0];
    expect(user?.quota).toBe(2_500_000);
  });

  it('Given --read-only, when the user list shows, then no key that changes something is offered or works', async () => {
    await createToken(console_.root, { name: 'kept', unlimited_quota: true });
    const screen = await open('tk', /› +\d+ +kept/, { readOnly: true });
    const footer = (screen.lastFrame() ?? '').split('\n').at(-2) ?? '';
    for (const key of ['<c>', '<e>', '<x>', '<Ctrl-d>', '<a>', '<Space>']) expect(footer).not.toContain(key);
    screen.stdin.write(`cx${KEYS.ctrlD}`);
    await screen.press('y', 'Copied: sk-');
    expect(screen.lastFrame()).not.toContain('Create token');
    expect((await listTokens(console_.root, { page: 1, size: 10, keyword: 'kept' })).data[0]?.status).toBe(1);
  });
});
