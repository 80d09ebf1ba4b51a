// Settings, profile, top-up and the notice against a real gw server, and the console without colour.
import { createRedemptions, getSelf, listOptions, optionsToMap, updateOption } from '@gw/core';
import chalk from 'chalk';
import { describe, expect, it } from 'vitest';
import { colourDisabled } from '../lib/colour.js';
import { KEYS, signedInClient, useRootConsole } from '../test-support/tui-harness.js';

describe('account screens against a real gw server', () => {
  const console_ = useRootConsole();
  const saved: string[] = [];
  const open = (alias: string, ready: string | RegExp) =>
    console_.open(alias, ready, {
      saveCredentials: (_server, token) => {
        saved.push(token);
      },
    });
  const option = async (key: string) => optionsToMap(await listOptions(console_.root)).get(key);

  it('Given settings, when a bad retry count is saved, then its field says why; fixed, Ctrl-s saves it; an …Enabled switch saves at once', async () => {
    const screen = await open('settings', 'General (1/');
    for (let step = 0; step < 3; step += 1) screen.stdin.write(KEYS.tab);
    await screen.waitForText(/› Retry times/);
    await screen.press(`\u0015-2\u0013`, /Retry ?times|RetryTimes/);
    await screen.waitForText('Fix the marked fields first');
    await screen.press(`\u00153\u0013`, 'Saved');
    expect(await option('RetryTimes')).toBe('3');
    for (let step = 0; step < 4; step += 1) screen.stdin.write(KEYS.tab);
    await screen.waitForText(/› Approximate token counting/);
    const before = await option('ApproximateTokenEnabled');
    await screen.press(' ', 'Set successfully');
    expect(await option('ApproximateTokenEnabled')).toBe(before === 'true' ? 'false' : 'true');
    await screen.press(KEYS.pageDown, 'Other (2/');
  });

  it('Given settings, when the default language is picked from its choice list, then Ctrl-s saves the pick', async () => {
    const before = (await option('Language')) ?? 'zh_CN';
    const screen = await open('settings', 'General (1/');
    for (let step = 0; step < 40 && !(screen.lastFrame() ?? '').includes('Personalisation ('); step += 1) {
      const frame = screen.lastFrame() ?? '';
      screen.stdin.write(KEYS.pageDown);
      await screen.waitFor((current) => current !== frame, 'the next card');
    }
    for (let step = 0; step < 20 && !/› Default language/.test(screen.lastFrame() ?? ''); step += 1) {
      const frame = screen.lastFrame() ?? '';
      screen.stdin.write(KEYS.tab);
      await screen.waitFor((current) => current !== frame, 'the next option');
    }
    // Space opens the four languages (ink-select-input); ↓ Enter picks the one after the current.
    await screen.press(' ', 'Enter picks');
    screen.stdin.write(KEYS.down);
    await screen.waitFor(
      (frame) => /^ +› \w\w_\w\w$/m.test(frame) && !frame.includes(`› ${before}\n`),
      'the next language',
    );
    const picked = (screen.lastFrame() ?? '').match(/^ +› (\w\w_\w\w)$/m)?.[1] ?? '';
    await screen.press(KEYS.enter, new RegExp(`› Default language +‹ ${picked} ›`));
    expect(picked).not.toBe(before);
    await screen.press('\u0013', 'Saved');
    expect(await option('Language')).toBe(picked);
    await updateOption(console_.root, 'Language', before);
  });

  it('Given the profile, when the display name is edited and a new access token made, then both take effect and the console keeps working', async () => {
    const screen = await open('me', 'Requests');
    await screen.press('e', '› Display name');
    await screen.press(`\u0015Root Person${KEYS.enter}`, 'Profile updated');
    expect((await getSelf(console_.root)).display_name).toBe('Root Person');
    await screen.press('g', 'Generate a new access token?');
    const shown = await screen.press('y', 'Keep it safe');
    const token = shown.match(/^ ([A-Za-z0-9_-]{20,})$/m)?.[1] ?? '';
    expect(token).not.toBe('');
    expect(saved.at(-1)).toBe(token);
    // The console now sends the new token: reading the profile again still works.
    await screen.press(KEYS.escape, 'Root Person');
    await screen.press('r', 'Root Person');
    expect(screen.lastFrame()).not.toMatch(/sign in again|Unauthorized/i);
    console_.rootToken = token;
    // A new access token ends root's other sessions, the test's own signed-in client among them.
    console_.root = await signedInClient(console_.server.url, 'root', console_.server.rootPassword);
  });

  it('Given a redemption code, when it is typed on Top up and Enter pressed, then the balance grows by its quota', async () => {
    const [code] = await createRedemptions(console_.root, { name: 'gift', quota: 1_000_000, count: 1 });
    const before = (await getSelf(console_.root)).quota;
    const screen = await open('topup', 'Redemption code');
    await screen.press(`${code}${KEYS.enter}`, 'Top-up successful: $2.00 added');
    expect((await getSelf(console_.root)).quota).toBe(before + 1_000_000);
    await screen.press(KEYS.enter, 'Redemption code is required');
  });

  it('Given a markdown notice, when :notice opens, then it is drawn as text, without the markdown marks', async () => {
    await updateOption(console_.root, 'Notice', '# Maintenance\n\nThe gateway restarts **tonight**.');
    const screen = await open('notice', 'Maintenance');
    const frame = await screen.waitForText('tonight');
    expect(frame).not.toContain('**');
    expect(frame).not.toContain('# Maintenance');
  });

  it('Given NO_COLOR, then the console draws no colour; FORCE_COLOR wins over it', async () => {
    expect(colourDisabled({ NO_COLOR: '1' })).toBe(true);
    expect(colourDisabled({ NO_COLOR: '' })).toBe(false);
    expect(colourDisabled({ NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    const level = chalk.level;
    chalk.level = 0;
    try {
      const screen = await open('users', 'Page 1 of');
      // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for terminal colour codes
      expect(screen.lastFrame()).not.toMatch(/\u001B\[/);
    } finally {
      chalk.level = level;
    }
  });
});
