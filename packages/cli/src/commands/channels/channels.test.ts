// End-to-end: `gw channels …` from the built binary against a real server relaying to the fake upstream.
import { channelSchema, pagedSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../../../../server/src/relay/test-support/fake-upstream/index.js';
import { freePort } from '../../../../../test-support/gw-server.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let upstream: FakeUpstream;
let closedUrl: string;
const ids: Record<string, number> = {};

const channelPage = pagedSchema(channelSchema);
const testResults = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    success: z.boolean(),
    time_ms: z.number(),
    message: z.string(),
  }),
);

async function create(name: string, baseUrl: string, extra: string[] = []): Promise<number> {
  const created = await gw.json<unknown[]>([
    'channels',
    'create',
    '--json',
    '--type',
    'OpenAI',
    '--name',
    name,
    '--key',
    `sk-${name}-secret`,
    '--models',
    'gpt-4o-mini,gpt-4o',
    '--base-url',
    baseUrl,
    '--test-model',
    'gpt-4o-mini',
    ...extra,
  ]);
  return channelSchema.parse(created[0]).id;
}

beforeAll(async () => {
  [gw, upstream] = await Promise.all([startSignedInGw(), startFakeUpstream()]);
  closedUrl = `http://127.0.0.1:${await freePort()}`;
  ids.good = await create('good', upstream.url);
  ids.spare = await create('spare', upstream.url, ['--group', 'default', '--tag', 'team']);
  ids.broken = await create('broken', closedUrl);
});

afterAll(async () => {
  await Promise.all([gw?.stop(), upstream?.close()]);
});

describe('gw channels', () => {
  it('Given three channels, When listing with filters, Then the core schema parses the JSON and keys are masked', async () => {
    const page = channelPage.parse(await gw.json(['channels', 'list', '--json']));
    expect(page.data.map((channel) => channel.name).sort()).toEqual(['broken', 'good', 'spare']);
    expect(JSON.stringify(page)).not.toContain('secret');
    const tagged = await gw.json<{ data: unknown[] }>(['ch', 'ls', '--tag', 'team', '--json', 'id,name']);
    expect(tagged.data).toEqual([{ id: ids.spare, name: 'spare' }]);
    const byName = await gw.gw(['ch', 'ls', '--name', 'good']);
    expect(byName.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(byName.stdout).toMatch(new RegExp(`^${ids.good}\\tgood\\t`));
    const view = channelSchema.parse(await gw.json(['ch', 'view', String(ids.good), '--json']));
    expect(view.key).not.toContain('secret');
    const shown = channelSchema.parse(
      await gw.json(['ch', 'view', String(ids.good), '--json', '--show-key']),
    );
    expect(shown.key).toBe('sk-good-secret');
    const bad = await gw.gw(['ch', 'ls', '--type', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--type: 'nope' is not one of:");
  });

  it('Given one channel whose upstream is down, When testing all, Then each gets a line and the exit code is 1', async () => {
    const run = await gw.gw(['channels', 'test', '--all', '--json']);
    expect(run.code).toBe(1);
    const results = testResults.parse(JSON.parse(run.stdout));
    // Untagged channels by id, then each tag's channels (core's listEveryChannel).
    expect(results.map((result) => [result.name, result.success])).toEqual([
      ['good', true],
      ['broken', false],
      ['spare', true],
    ]);
    expect(results[1]?.message).not.toBe('');
    expect(run.stderr).toContain('1 of 3 channels failed.');
    const piped = await gw.gw(['ch', 'test', String(ids.broken), String(ids.good), '--concurrency', '1']);
    expect(piped.code).toBe(1);
    expect(piped.stdout).toMatch(new RegExp(`^${ids.broken}\\tbroken\\tfailed\\t\\t\\S`, 'm'));
    expect(piped.stdout).toMatch(new RegExp(`^${ids.good}\\tgood\\tpassed\\t\\d+ ms\\t$`, 'm'));
  });

  it('Given only working channels, When testing them, Then exit 0; on a terminal a table and a progress line', async () => {
    expect((await gw.gw(['ch', 'test', String(ids.good), String(ids.spare)])).code).toBe(0);
    const run = await gw.tty(['ch', 'test', String(ids.good), String(ids.spare)], [], { NO_COLOR: '1' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Testing channels: 0/2');
    expect(run.stdout).toMatch(/ID\s+NAME\s+RESULT\s+LATENCY/);
    expect(run.stdout).toMatch(/good\s+passed\s+\d+ ms/);
    expect(run.stdout).toContain('All 2 passed.');
    expect((await gw.gw(['ch', 'test'])).code).toBe(2);
  });

  it('Given a channel, When checking its models, Then one line per model as the stream arrives', async () => {
    const run = await gw.gw(['ch', 'check', String(ids.good), '--models', 'gpt-4o-mini']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^gpt-4o-mini\tpassed\t$/m);
    const broken = await gw.gw(['ch', 'check', String(ids.broken), '--json']);
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).map((result: { model: string }) => result.model)).toEqual([
      'gpt-4o-mini',
      'gpt-4o',
    ]);
  });

  it('Given the fake upstream, When asking for balances and models, Then the provider answers come through', async () => {
    const balance = await gw.gw(['ch', 'balance', String(ids.good), '--json']);
    expect(balance.code, balance.stderr).toBe(0);
    expect(JSON.parse(balance.stdout)[0]).toMatchObject({ id: ids.good, success: true });
    expect((await gw.gw(['ch', 'balance', String(ids.broken)])).code).toBe(1);
    const models = await gw.gw(['ch', 'models', String(ids.good)]);
    expect(models.code, models.stderr).toBe(0);
    expect(models.stdout.split('\n')).toContain('gpt-4o-mini');
    expect((await gw.gw(['ch', 'types'])).stdout).toMatch(/^1\tOpenAI$/m);
  });

  it('Given edit, copy, disable and tags, Then the flags change only what they name', async () => {
    expect((await gw.gw(['ch', 'edit', String(ids.good), '--priority', '5'])).code).toBe(2);
    const edited = await gw.gw(['ch', 'edit', String(ids.good), '--proxy', 'http://proxy.local:1', '--json']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(channelSchema.parse(JSON.parse(edited.stdout))).toMatchObject({
      proxy: 'http://proxy.local:1',
      name: 'good',
    });
    const locked = await gw.gw(['ch', 'edit', String(ids.spare), '--models', 'x']);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain('--models cannot be changed here');
    expect((await gw.gw(['ch', 'tags', 'list'])).stdout).toBe('team\n');
    expect((await gw.gw(['ch', 'tags', 'edit', 'team', '--models', 'gpt-4o'])).code).toBe(0);
    expect(channelSchema.parse(await gw.json(['ch', 'view', String(ids.spare), '--json'])).models).toBe(
      'gpt-4o',
    );
    expect((await gw.gw(['ch', 'tags', 'disable', 'team'])).code).toBe(0);
    expect(channelSchema.parse(await gw.json(['ch', 'view', String(ids.spare), '--json'])).status).toBe(2);
    expect((await gw.gw(['ch', 'tags', 'enable', 'nope'])).code).toBe(5);
    const copied = await gw.gw(['ch', 'copy', String(ids.good)]);
    expect(copied.code, copied.stderr).toBe(0);
    expect((await gw.gw(['ch', 'ls', '--name', 'good_copy'])).stdout).toContain('good_copy');
    expect((await gw.gw(['ch', 'disable', String(ids.broken)])).code).toBe(0);
    expect((await gw.gw(['ch', 'ls', '--status', '2'])).stdout).toContain('broken');
  });

  it('Given a pipe, When deleting without --yes, Then exit 2 and nothing goes; --dry-run prints the request', async () => {
    const refused = await gw.gw(['ch', 'delete', String(ids.broken)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    const dry = await gw.gw(['ch', 'delete-disabled', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(`DELETE ${gw.server.url}/api/channel/disabled\n`);
    expect((await gw.gw(['ch', 'view', String(ids.broken)])).code).toBe(0);
    expect((await gw.gw(['ch', 'rm', String(ids.broken), '--yes'])).code).toBe(0);
    expect((await gw.gw(['ch', 'view', String(ids.broken)])).code).toBe(5);
  });

  it('Given export, Then a CSV of every channel with the header in the user language', async () => {
    const run = await gw.gw(['ch', 'export', '--name', 'good'], undefined, { LANG: 'zh_CN.UTF-8' });
    expect(run.code).toBe(0);
    const [header, ...rows] = run.stdout
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toContain('名称');
    expect(rows.some((row) => row.includes(',good,'))).toBe(true);
  });
});
