// End-to-end: `gw tasks` and `gw mj` from the built binary against a real server, as root (everyone's
// rows) and as a common user (their own), the rows written straight into the server's database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { midjourneySchema, pagedSchema, taskSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGw } from '../../test-support/run-gw.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let aliceDir: string;
const asAlice = (args: readonly string[]) => runGw(args, { env: { GW_CONFIG_DIR: aliceDir } });
const taskPage = pagedSchema(taskSchema);
const mjPage = pagedSchema(midjourneySchema);
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  gw = await startSignedInGw();
  expect((await gw.gw(['users', 'create', '--username', 'alice', '--password', 'alice-pass-1'])).code).toBe(
    0,
  );
  aliceDir = mkdtempSync(join(tmpdir(), 'gw-cli-tasks-alice-'));
  const login = await runGw(['login', '--server', gw.server.url, '--username', 'alice', '--password-stdin'], {
    env: { GW_CONFIG_DIR: aliceDir },
    input: 'alice-pass-1',
  });
  expect(login.code, login.stderr).toBe(0);
  const database = new DatabaseSync(join(gw.server.dataDir, 'gw.db'));
  const aliceId = (database.prepare(`SELECT id FROM users WHERE username = 'alice'`).get() as { id: number })
    .id;
  const task = database.prepare(
    `INSERT INTO tasks (created_at, updated_at, task_id, platform, user_id, channel_id, quota, action, status,
       fail_reason, submit_time, start_time, finish_time, progress, notify_hook, token_id)
     VALUES (?, ?, ?, ?, ?, ?, 1000, 'MUSIC', ?, '', ?, ?, ?, 100, '', 0)`,
  );
  task.run(now, now, 'suno-root-1', 'suno', 1, 3, 'SUCCESS', now - 60, now - 59, now - 30);
  task.run(now, now, 'kling-alice-1', 'kling', aliceId, 4, 'FAILURE', now - 50, now - 49, now - 20);
  const job = database.prepare(
    `INSERT INTO midjourneys (code, user_id, action, mj_id, prompt, prompt_en, description, state, submit_time,
       start_time, finish_time, image_url, status, progress, fail_reason, channel_id, quota, buttons, properties,
       mode, token_id)
     VALUES (1, ?, 'IMAGINE', ?, 'a cat', 'a cat', '', '', ?, ?, ?, '', 'SUCCESS', '100%', '', ?, 500, '', '', 'fast', 0)`,
  );
  job.run(1, 'mj-root-1', (now - 60) * 1000, (now - 59) * 1000, (now - 30) * 1000, 5);
  job.run(aliceId, 'mj-alice-1', (now - 50) * 1000, (now - 49) * 1000, (now - 20) * 1000, 6);
  database.close();
});

afterAll(async () => {
  await gw?.stop();
  if (aliceDir) rmSync(aliceDir, { recursive: true, force: true });
});

describe('gw tasks', () => {
  it('Given root, Then every user’s tasks parse with the core schema; the filters narrow them', async () => {
    const all = taskPage.parse(await gw.json(['tasks', 'list', '--json']));
    expect(all.data.map((row) => row.task_id).sort()).toEqual(['kling-alice-1', 'suno-root-1']);
    const kling = taskPage.parse(await gw.json(['task', 'ls', '--json', '--platform', 'kling']));
    expect(kling.data.map((row) => row.task_id)).toEqual(['kling-alice-1']);
    const byChannel = taskPage.parse(await gw.json(['tasks', 'list', '--json', '--channel-id', '3']));
    expect(byChannel.data.map((row) => row.task_id)).toEqual(['suno-root-1']);
    const bad = await gw.gw(['tasks', 'list', '--platform', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--platform');
  });

  it('Given a pipe, Then TSV; a terminal gets a table', async () => {
    const piped = await gw.gw(['tasks', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(piped.stdout).toContain('\t');
    const tty = await gw.tty(['tasks', 'list'], [], { NO_COLOR: '1' });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toContain('suno-root-1');
  });

  it('Given a common user, Then only their own tasks; an admin filter is exit 2', async () => {
    const own = taskPage.parse(JSON.parse((await asAlice(['tasks', 'list', '--json'])).stdout));
    expect(own.data.map((row) => row.task_id)).toEqual(['kling-alice-1']);
    const refused = await asAlice(['tasks', 'list', '--channel-id', '4']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--channel-id is for administrators');
  });
});

describe('gw mj', () => {
  it('Given root, Then every user’s jobs parse with the core schema; the id filter narrows them', async () => {
    const all = mjPage.parse(await gw.json(['mj', 'list', '--json']));
    expect(all.data.map((row) => row.mj_id).sort()).toEqual(['mj-alice-1', 'mj-root-1']);
    const one = mjPage.parse(await gw.json(['midjourney', 'list', '--json', '--mj-id', 'mj-root-1']));
    expect(one.data.map((row) => row.mj_id)).toEqual(['mj-root-1']);
    const piped = await gw.gw(['mj', 'list']);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('Given a common user, Then only their own jobs', async () => {
    const own = mjPage.parse(JSON.parse((await asAlice(['mj', 'list', '--json'])).stdout));
    expect(own.data.map((row) => row.mj_id)).toEqual(['mj-alice-1']);
  });
});
