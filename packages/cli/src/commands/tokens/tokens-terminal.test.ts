// End-to-end in a real terminal: the hidden password prompt, the table view and the y/N confirmation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, startGwServer } from '../../../../../test-support/gw-server.js';
import { runGw } from '../../test-support/run-gw.js';
import { runGwInTerminal } from '../../test-support/run-gw-terminal.js';

let server: GwServer;
let configDir: string;
const env = () => ({ GW_CONFIG_DIR: configDir });

beforeAll(async () => {
  server = await startGwServer();
  configDir = mkdtempSync(join(tmpdir(), 'gw-cli-tty-'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(configDir, { recursive: true, force: true });
});

describe('gw on a terminal', () => {
  it('Given a terminal, When logging in, Then the password is asked for and never echoed', async () => {
    const run = await runGwInTerminal(['login', '--server', server.url, '--username', 'root'], {
      env: env(),
      answers: [{ when: /Password: $/, send: `${server.rootPassword}\r` }],
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Signed in');
    expect(run.stdout).not.toContain(server.rootPassword);
  });

  it('Given no --server on a terminal, When logging in, Then the server is asked for rather than assumed', async () => {
    const run = await runGwInTerminal(['login', '--profile', 'asked'], {
      env: env(),
      answers: [
        { when: /Server URL \(e\.g\. http:\/\/localhost:3000\): /, send: `${server.url}\r` },
        { when: /Username or email: /, send: 'root\r' },
        { when: /Password: $/, send: `${server.rootPassword}\r` },
      ],
    });
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`Signed in to ${server.url} as root`);
  });

  it('Given tokens, When listing on a terminal, Then an aligned table with a header, local times and masked keys', async () => {
    const created = await runGw(['tokens', 'create', '--name', 'ci', '--json'], { env: env() });
    const key = JSON.parse(created.stdout).key as string;
    // Wide enough for every column of core's token list (the masked key gives way first on narrower ones).
    const run = await runGwInTerminal(['tokens', 'list'], { env: { ...env(), NO_COLOR: '1' }, columns: 200 });
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    // Every column of one's own list: no owner column (core shows it on an admin's search only).
    expect(lines[0]).toMatch(/^ID\s+NAME\s+GROUP\s+BACKUP GROUP\s+STATUS/);
    expect(lines[0]).not.toContain('OWNER');
    expect(lines[1]).toMatch(/^1\s+ci\s+/);
    expect(lines[1]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(lines[1]).toContain(`sk-…${key.slice(-4)}`);
    expect(run.stdout).not.toContain(key);
    expect(run.stdout).not.toContain('\u001b[');
    expect(run.stdout).toContain('Page 1 of 1');

    const coloured = await runGwInTerminal(['tokens', 'list'], { env: env() });
    expect(coloured.stdout).toContain('\u001b[32mEnabled');
  });

  it('Given a terminal, When a delete is declined, Then exit 3 and the token stays; when accepted it goes', async () => {
    const declined = await runGwInTerminal(['tokens', 'delete', '1'], {
      env: env(),
      answers: [{ when: /Delete token ci\? \[y\/N\] /, send: 'n\r' }],
    });
    expect(declined.code).toBe(3);
    expect((await runGw(['tokens', 'view', '1'], { env: env() })).code).toBe(0);

    const accepted = await runGwInTerminal(['tokens', 'delete', '1'], {
      env: env(),
      answers: [{ when: /\[y\/N\] /, send: 'y\r' }],
    });
    expect(accepted.code).toBe(0);
    expect((await runGw(['tokens', 'view', '1'], { env: env() })).code).toBe(5);
  });
});
