// The generic list and form kit against a real gw server: the Users and Redemptions ScreenDefs.
import { type ApiClient, createPrice, listPrices, listUsers, updateOption } from '@gw/core';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GwServer } from '../../../../test-support/gw-server.js';
import { KIT_SCREENS as RESOURCE_SCREENS } from '../screens/resource-lists/resource-lists.js';
import {
  accessTokenOf,
  createUser,
  KEYS,
  renderTui,
  signedInClient,
  startServer,
  type TuiUnderTest,
} from '../test-support/tui-harness.js';

/** The line under the form line labelled `label` (where its message shows), colours removed. */
function lineAfter(frame: string, label: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing terminal colour codes
  const lines = frame.replace(/\u001B\[[0-9;]*m/g, '').split('\n');
  const index = lines.findIndex((line) => new RegExp(`^\\s*(›\\s+)?${label}\\*?(\\s|$)`).test(line));
  return lines[index + 1] ?? '';
}

/**
 * Presses Tab until the pointer is on the form field labelled `label`, one Tab at a time: each waits
 * for the pointer to move, so no Tab is still queued when the field is reached.
 */
async function focusField(screen: TuiUnderTest, label: string): Promise<void> {
  // The focused field's label (the line's value changes while typed keys are still arriving).
  const pointerLine = (frame: string) =>
    (frame.split('\n').find((line) => line.startsWith(' › ')) ?? '').slice(3).split(/\s{2,}|\*/)[0] ?? '';
  for (let step = 0; step < 40; step += 1) {
    const frame = screen.lastFrame() ?? '';
    if (new RegExp(`^ › ${label}\\*?(\\s|$)`, 'm').test(frame)) return;
    const before = pointerLine(frame);
    screen.stdin.write(KEYS.tab);
    await screen.waitFor((current) => pointerLine(current) !== before, `the pointer to leave ${before}`);
  }
  throw new Error(`no field ${label}:\n${screen.lastFrame()}`);
}

describe('the resource kit against a real gw server', () => {
  let server: GwServer;
  let root: ApiClient;
  let rootToken: string;
  let saveDir: string;
  let tui: TuiUnderTest | undefined;
  const copied: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    root = await signedInClient(server.url, 'root', server.rootPassword);
    rootToken = await accessTokenOf(root);
    for (const name of ['carol', 'dave', 'erin']) await createUser(root, name, `${name}-password`);
    saveDir = mkdtempSync(join(tmpdir(), 'gw-tui-kit-'));
  });
  afterAll(async () => {
    await server?.stop();
    if (saveDir) rmSync(saveDir, { recursive: true, force: true });
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });

  async function open(alias: string, ready: string, columns = 100, rows = 30): Promise<TuiUnderTest> {
    tui = renderTui({
      server: server.url,
      accessToken: rootToken,
      viewport: { columns, rows },
      saveDir,
      copy: (text) => copied.push(text),
    });
    await tui.waitForText('Super administrator');
    await tui.press(':', 'Enter a menu name');
    await tui.press(alias, 'Matches:');
    await tui.press(KEYS.enter, ready);
    return tui;
  }
  const userNamed = async (name: string) =>
    (await listUsers(root, { page: 1, size: 100, keyword: name })).data.find(
      (user) => user.username === name,
    );

  it('Given users on the server, when the Users screen opens, then core columns fit the width and / filters live', async () => {
    const screen = await open('users', 'Page 1 of 1 (4 rows)');
    const frame = await screen.waitForText('erin');
    expect(frame).toContain('carol');
    expect(frame).not.toContain('not available in the terminal');
    await screen.press('/', '/');
    const filtered = await screen.press('da', 'Page 1 of 1 (1 rows)');
    expect(filtered).toContain('dave');
    expect(filtered).not.toContain('carol');
    await screen.press(KEYS.escape, 'Page 1 of 1 (4 rows)');
    // Narrow terminals keep the high-priority columns only.
    tui?.unmount();
    const narrow = await open('users', 'Page 1 of 1 (4 rows)', 60);
    const lines = (await narrow.waitForText('erin')).split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
  });

  it('Given the create form, when submitted empty, then the message shows by the field and goes once the field is fixed', async () => {
    const screen = await open('users', 'Page 1 of 1');
    await screen.press('c', 'Password');
    let frame = await screen.press(KEYS.enter, 'Username is required');
    expect(lineAfter(frame, 'Username')).toContain('Username is required');
    expect(lineAfter(frame, 'Password')).toContain('Password is required');
    expect(frame).toContain('<Enter/Ctrl-s> submit');
    await screen.press('frank', 'frank');
    // The fixed field's message goes at once; the other one stays until its field is fixed.
    frame = await screen.waitFor(
      (current) => !current.includes('Username is required'),
      'the message to clear',
    );
    expect(lineAfter(frame, 'Username')).not.toContain('required');
    expect(lineAfter(frame, 'Password')).toContain('Password is required');
    // Esc on a changed form asks first; anything but y keeps the form.
    await screen.press(KEYS.escape, 'Discard your changes? [y/N]');
    screen.stdin.write('n');
    frame = await screen.waitFor(
      (current) => !current.includes('Discard your changes'),
      'the question to go',
    );
    expect(frame).toMatch(/› Username\*? +frank/);
    await screen.press(`${KEYS.tab}${KEYS.tab}`, '› Password');
    await screen.press('frank-password', '**************');
    await screen.press(KEYS.enter, 'Page 1 of 1 (5 rows)');
    expect(await userNamed('frank')).toBeDefined();
    await screen.press('c', 'Create user');
    await screen.press('zzz', 'zzz');
    await screen.press(KEYS.escape, 'Discard your changes? [y/N]');
    await screen.press('y', 'Page 1 of 1 (5 rows)');
    expect(await userNamed('zzz')).toBeUndefined();
  });

  it('Given marked rows, when a batch action runs, then the server has both disabled; a confirmed row delete removes one', async () => {
    for (const name of ['ivan', 'judy']) await createUser(root, name, `${name}-password`);
    const screen = await open('users', 'Page 1 of 1');
    // Newest first: judy, then ivan.
    await screen.waitForText(/› \d+\s+judy/);
    await screen.press(' ', '1 marked');
    await screen.press(' ', '2 marked');
    await screen.press('a', 'Actions on 2 marked rows');
    await screen.press('2', 'User disabled');
    await screen.waitFor((frame) => !frame.includes('marked'), 'the marks to clear');
    expect((await userNamed('judy'))?.status).toBe(2);
    expect((await userNamed('ivan'))?.status).toBe(2);
    expect((await userNamed('dave'))?.status).toBe(1);
    // x switches one row's status back.
    await screen.press('g', 'judy');
    await screen.press('x', 'User enabled');
    expect((await userNamed('judy'))?.status).toBe(1);
    await screen.press('/', '/');
    await screen.press('carol', 'Page 1 of 1 (1 rows)');
    await screen.press(KEYS.enter, 'filter: carol');
    const menu = await screen.press('a', 'Actions: carol');
    const number = menu.match(/(\d)\. Delete/)?.[1] ?? '';
    expect(number).not.toBe('');
    const frame = await screen.press(number, '[y/N]');
    expect(frame).toMatch(/carol.*\[y\/N\]/);
    await screen.press('n', 'Page 1 of 1 (1 rows)');
    expect(await userNamed('carol')).toBeDefined();
    await screen.press('a', 'Actions: carol');
    await screen.press(number, '[y/N]');
    await screen.press('y', 'Page 1 of 1 (0 rows)');
    expect(await userNamed('carol')).toBeUndefined();
  });

  it('Given the redemption form, when two codes are created, then both show and w writes them to a file', async () => {
    const screen = await open('redemptions', 'Page 1 of 1');
    await screen.press('c', 'Quota');
    // Every field in one burst, as a paste over SSH would bring them.
    screen.stdin.write(
      `promo${KEYS.tab}${KEYS.backspace.repeat(12)}$2${KEYS.tab}${KEYS.backspace.repeat(3)}2`,
    );
    await screen.waitForText(/Count\*?\s+2\b/);
    const created = await screen.press(KEYS.enter, 'w = write to');
    const codes = created
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[0-9a-f]{32}$/i.test(line));
    expect(codes).toHaveLength(2);
    await screen.press('y', 'Copied 2 lines');
    expect(copied.at(-1)?.split('\n').sort()).toEqual([...codes].sort());
    await screen.press('w', 'Written to');
    const file = join(saveDir, 'promo.txt');
    expect(readdirSync(saveDir)).toContain('promo.txt');
    expect(readFileSync(file, 'utf8').trim().split('\n').sort()).toEqual([...codes].sort());
    const list = await screen.press(KEYS.escape, 'Page 1 of 1 (2 rows)');
    expect(list).toContain('$2.00');
  });

  it('Given the channel screen, when the filter form sets a name, then the server filter applies; Tab switches price tabs', async () => {
    for (const name of ['alpha-ch', 'beta-ch'])
      await root.send('POST', '/api/channel/', {
        body: { type: 1, name, key: 'sk-test', group: 'default', models: 'gpt-4o-mini' },
      });
    const screen = await open('ch', 'Page 1 of 1 (2 rows)');
    await screen.press('f', 'Filters');
    await screen.press('beta', 'beta');
    const frame = await screen.press(KEYS.enter, 'Page 1 of 1 (1 rows)');
    expect(frame).toContain('1 filters');
    expect(frame).not.toContain('alpha-ch');
    await screen.press('s', 'sorted by');
    tui?.unmount();
    const prices = await open('prices', '[Single]');
    await prices.press(KEYS.tab, '[Multiple]');
  });

  it('Given a form, when ← moves the text cursor and Space opens a choice list, then the text goes in at the cursor and the picked choice is saved', async () => {
    const screen = await open('ch', 'Page 1 of');
    await screen.press('c', '› Type');
    const typeLine = (frame: string) => frame.split('\n').find((line) => line.startsWith(' › Type')) ?? '';
    const before = typeLine(screen.lastFrame() ?? '');
    // ink-select-input under the field: ↓ then Enter picks the next type; Esc would keep the old one.
    await screen.press(' ', 'Enter picks');
    screen.stdin.write(KEYS.down);
    await screen.waitFor(
      (frame) => frame.split('\n').filter((line) => line.includes('› ')).length >= 2,
      'the list pointer',
    );
    screen.stdin.write(KEYS.enter);
    const picked = await screen.waitFor((frame) => !frame.includes('Enter picks'), 'the list to close');
    expect(typeLine(picked)).not.toBe(before);
    const typeName = typeLine(picked)
      .replace(/^ › Type\*?\s+‹ /, '')
      .replace(/ ›$/, '')
      .trim();
    // ink-text-input: ← moves the cursor, so the missing letter goes in the middle.
    await focusField(screen, 'Name');
    await screen.press('cursr-ch', 'cursr-ch');
    for (let step = 0; step < 4; step += 1) screen.stdin.write('\u001B[D');
    await screen.press('o', 'cursor-ch');
    await focusField(screen, 'Models');
    await screen.press('gpt-tui-model,', 'gpt-tui-model');
    await focusField(screen, 'Key');
    await screen.press('sk-cursor', '*********');
    // The picked type (Azure OpenAI, after OpenAI) asks for its endpoint: core's message, on its field.
    await screen.press(KEYS.enter, 'Base API address is required');
    await screen.press('https://azure.example.test', 'azure.example.test');
    await screen.waitFor((frame) => !frame.includes('Base API address is required'), 'the message to go');
    await screen.press(KEYS.enter, /› +\d+ +cursor-ch /);
    const { data } = (await root.send('GET', '/api/channel/?page=1&size=50&name=cursor-ch')) as {
      data: { data: { name: string; type: number }[] };
    };
    expect(data.data.map((channel) => channel.name)).toEqual(['cursor-ch']);
    expect(data.data[0]?.type).not.toBe(1);
    expect(typeName).not.toBe('');
  });

  it('Given the channel form, when filled field by field, then the server has the channel; e edits it', async () => {
    const screen = await open('ch', 'Page 1 of');
    await screen.press('c', 'Create');
    const focus = (label: string) => focusField(screen, label);
    await focus('Name');
    await screen.press('tui-channel', 'tui-channel');
    await focus('Models');
    // A typed character opens the multi-value editor filtering for it; a comma adds the text; Enter
    // leaves the filter and Enter again accepts the values.
    await screen.press('gpt-tui-model,', /\[x\] gpt-tui-model/);
    await screen.press(KEYS.enter, /\[x\] gpt-tui-model[\s\S]*Space toggles/);
    await screen.press(KEYS.enter, 'Backspace drops one');
    await focus('Key');
    await screen.press('sk-tui-key', '**********');
    await screen.press(KEYS.enter, /› +\d+ +tui-channel /);
    const { data } = (await root.send('GET', '/api/channel/?page=1&size=50&name=tui-channel')) as {
      data: { data: { id: number; name: string; models: string; group: string }[] };
    };
    const created = data.data.find((channel) => channel.name === 'tui-channel');
    expect(created?.models).toBe('gpt-tui-model');
    expect(created?.group).toBe('default');
    // Channels have no keyword: their name filter sits in the filter form.
    await screen.press('f', 'Filters');
    await screen.press('tui-channel', 'tui-channel');
    await screen.press(KEYS.enter, 'Page 1 of 1 (1 rows)');
    await screen.press('e', '› Type');
    await focus('Name');
    await screen.press('-2', 'tui-channel-2');
    await screen.press(KEYS.enter, /› +\d+ +tui-channel-2 /);
    const edited = (await root.send('GET', `/api/channel/${created?.id}`)) as {
      data: { name: string; models: string };
    };
    expect(edited.data).toMatchObject({ name: 'tui-channel-2', models: 'gpt-tui-model' });
  });

  it('Given the channel form, when Groups and Models are edited in the multi-value editor, then only Models takes a value not listed and the server has what was accepted', async () => {
    const screen = await open('ch', 'Page 1 of');
    await screen.press('c', 'Create');
    const focus = (label: string) => focusField(screen, label);
    await focus('Name');
    await screen.press('tui-multi', 'tui-multi');
    // Groups: the server's groups listed, default chosen; no free entry (core gives the field no freeText).
    await focus('Group');
    let frame = await screen.press(' ', /\d+ chosen · \d+ of \d+ listed/);
    expect(frame).toMatch(/\[x\] default/);
    // The footer leads with the editor's keys.
    expect(frame.split('\n').at(-2)).toMatch(/^<Space> toggle/);
    frame = await screen.press('/zz-none', 'Nothing matches');
    expect(frame).not.toContain('Add “zz-none”');
    await screen.press(',', 'Filter: zz-none');
    // Esc clears the filter, Esc again leaves the values as they were.
    await screen.press(KEYS.escape, /\[x\] default/);
    await screen.press(KEYS.escape, 'Backspace drops one');
    expect(screen.lastFrame()).toMatch(/Group\*? +\(1\) default/);
    // Models: Ctrl-u drops the type's models, a name no channel serves is added from the filter.
    await focus('Models');
    await screen.press(' ', /chosen · \d+ of \d+ listed/);
    await screen.press('\u0015', /0 chosen/);
    frame = await screen.press('/tui-free-model', 'Add “tui-free-model”');
    frame = await screen.press(' ', /› \[x\] tui-free-model|\[x\] tui-free-model/);
    expect(frame).toMatch(/1 chosen/);
    await screen.press(KEYS.enter, /Models\*? +\(1\) tui-free-model/);
    await focus('Key');
    await screen.press('sk-multi-key', '************');
    await screen.press(KEYS.enter, /› +\d+ +tui-multi /);
    const { data } = (await root.send('GET', '/api/channel/?page=1&size=50&name=tui-multi')) as {
      data: { data: { name: string; models: string; group: string }[] };
    };
    expect(data.data.find((channel) => channel.name === 'tui-multi')).toMatchObject({
      models: 'tui-free-model',
      group: 'default',
    });
  });

  it("Given models a channel serves, when a token's model limit is chosen in the multi-value editor, then the token is saved limited to them", async () => {
    await root.send('POST', '/api/channel/', {
      body: { type: 1, name: 'tok-limits', key: 'sk-x', group: 'default', models: 'tok-a,tok-b,tok-c' },
    });
    const screen = await open('tk', 'Page 1 of');
    await screen.press('c', 'Create token');
    await screen.press('tok-limited', 'tok-limited');
    await focusField(screen, 'Limit models');
    await screen.press(' ', /Limit models +\[x\] Yes/);
    await focusField(screen, 'Models');
    // The models the caller may use, from the server; `/b` narrows to tok-b (the free "Add b" row after
    // it), Enter keeps the filter and Space picks the row under the cursor.
    let frame = await screen.press(' ', /\[ \] tok-a/);
    expect(frame).toMatch(/\[ \] tok-b/);
    frame = await screen.press('/b', 'Filter: b');
    expect(frame).not.toContain('tok-a');
    await screen.press(KEYS.enter, /›? *\[ \] tok-b/);
    await screen.press(' ', /\[x\] tok-b/);
    // Esc with no filter open cancels: nothing chosen.
    await screen.press(KEYS.escape, /› Models *\n +Space or a key opens the list/);
    await screen.press(' ', /\[ \] tok-a/);
    await screen.press('/tok-c', 'Filter: tok-c');
    await screen.press(' ', /\[x\] tok-c/);
    // Esc in the filter clears it (the editor stays open with tok-c chosen).
    screen.stdin.write(KEYS.escape);
    await screen.waitFor(
      (frame) => !frame.includes('Filter:') && frame.includes('[ ] tok-a'),
      'the filter to clear',
    );
    await screen.press('/tok-a', 'Filter: tok-a');
    await screen.press(' ', /2 chosen/);
    await screen.press(KEYS.enter, /Filter: tok-a/);
    await screen.press(KEYS.enter, /Models +\(2\) tok-c, tok-a/);
    await screen.press(KEYS.enter, 'Token created');
    const token = (await root.send('GET', '/api/token/?p=1&size=50&keyword=tok-limited')) as {
      data: {
        data: {
          name: string;
          setting: { limits: { limit_model_setting: { enabled: boolean; models: string[] } } };
        }[];
      };
    };
    expect(token.data.data[0]?.setting.limits.limit_model_setting).toEqual({
      enabled: true,
      models: ['tok-c', 'tok-a'],
    });
  });

  it(
    'Given every menu item core describes as a ScreenDef, when opened, then its list loads with no error',
    async () => {
      // The server answers an empty price list with "pricing data not found" (one-hub does): one price first.
      await createPrice(root, {
        model: 'gpt-tui-price',
        type: 'tokens',
        channel_type: 1,
        input: 1,
        output: 2,
      });
      // The monthly bills are in the menu only while the site turns them on.
      await updateOption(root, 'UserInvoiceMonth', 'true');
      tui = renderTui({ server: server.url, accessToken: rootToken, saveDir });
      await tui.waitForText('Super administrator');
      for (const id of Object.keys(RESOURCE_SCREENS)) {
        await tui.press(':', 'Enter a menu name');
        await tui.press(id, 'Matches:');
        const frame = await tui.press(KEYS.enter, /Page 1 of \d+/);
        expect(frame).not.toContain('not available in the terminal');
        expect(frame).not.toMatch(/error:/i);
        await tui.press(KEYS.escape, 'Async tasks');
      }
      // One screen after another, each a server round trip and a full redraw: room for all of them.
    },
    Object.keys(RESOURCE_SCREENS).length * 10_000,
  );

  it('Given batch channel creation, when keys are pasted one a line into the textarea, then Ctrl-s creates one channel per key', async () => {
    const screen = await open('ch', 'Page 1 of');
    await screen.press('c', 'Create');
    const focus = (label: string) => focusField(screen, label);
    await focus('Name');
    await screen.press('pasted', 'pasted');
    await focus('Models');
    await screen.press('gpt-tui-model,', 'gpt-tui-model');
    await focus('Batch add');
    await screen.press(' ', '[x]');
    await focus('Key');
    // The paste's newlines arrive as Enter keys: in a textarea each starts a line and submits nothing.
    await screen.press('sk-one\rsk-two', 'sk-one ⏎ sk-two');
    await screen.press('\u0013', 'Page 1 of');
    const { data } = (await root.send('GET', '/api/channel/?page=1&size=50&name=pasted')) as {
      data: { data: { name: string }[] };
    };
    // The server names the second channel of a batch with a suffix.
    expect(data.data.map((channel) => channel.name).sort()).toEqual(['pasted', 'pasted_2']);
  });

  it('Given a 40-row terminal, when a long list opens, then a page fills the rows; at 80×24 the screen keys lead the footer', async () => {
    for (let index = 1; index <= 24; index += 1) await createUser(root, `bulk${index}`, 'bulk-password');
    tui = renderTui({
      server: server.url,
      accessToken: rootToken,
      viewport: { columns: 100, rows: 40 },
      saveDir,
    });
    await tui.waitForText('Super administrator');
    await tui.press(':', 'Enter a menu name');
    await tui.press('users', 'Matches:');
    const tall = await tui.press(KEYS.enter, /Page 1 of 1 \(\d+ rows\)/);
    const rows = tall.split('\n').filter((line) => /^ [› ] +\d+ +\S/.test(line));
    expect(rows.length).toBeGreaterThan(25);
    tui.unmount();
    const small = await open('users', 'Page 1 of 2', 80, 24);
    const footer = (small.lastFrame() ?? '').split('\n').at(-2) ?? '';
    expect(footer.startsWith('<Enter> detail  <c> create  <e> edit  </> filter  <x> on/off')).toBe(true);
    expect(footer.endsWith('<?> more keys')).toBe(true);
    await small.press(KEYS.pageDown, 'Page 2 of 2');
  });

  it('Given the price form, when the owner select is moved with the arrows, then its choices come from the server and the price saves', async () => {
    await createPrice(root, { model: 'gpt-seed', type: 'tokens', channel_type: 1, input: 1, output: 1 });
    const screen = await open('prices', 'Page 1 of');
    await screen.press('c', '› Model');
    await screen.press('gpt-from-tui', 'gpt-from-tui');
    await focusField(screen, 'Owner');
    // The owners are read from GET /api/ownedby: their names show, not their ids.
    const before = await screen.waitFor((frame) => /› Owner\*?\s+‹ [A-Za-z]/.test(frame), 'an owner name');
    screen.stdin.write('\u001B[C');
    await screen.waitFor((frame) => frame !== before, 'the next owner');
    await screen.press(KEYS.enter, /gpt-from-tui/);
    // The form checks the name is free on the server, then saves and closes onto the list.
    await screen.waitFor(
      (frame) => /Page 1 of/.test(frame) && frame.includes('gpt-from-tui'),
      'the saved price',
    );
    const saved = (await listPrices(root)).find((price) => price.model === 'gpt-from-tui');
    expect(saved).toBeDefined();
    expect(saved?.channel_type).toBeGreaterThan(0);
  });
});
