import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_URL } from '@gw/core';
import { CredentialStore, resolveCredentials } from './credentials.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('credential store (conf under GW_CONFIG_DIR)', () => {
  it('Given a login, When saved, Then the file is private and clear() keeps only the server', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cli-conf-'));
    dirs.push(dir);
    const store = new CredentialStore({ GW_CONFIG_DIR: dir });
    expect(store.read()).toEqual({ server: undefined, accessToken: undefined, username: undefined });
    store.save({ server: 'http://h:1', accessToken: 'abc', username: 'root' });
    expect(store.path.startsWith(dir)).toBe(true);
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(store.path, 'utf8'))).toEqual({
      server: 'http://h:1',
      accessToken: 'abc',
      username: 'root',
    });
    expect(new CredentialStore({ GW_CONFIG_DIR: dir }).read().accessToken).toBe('abc');
    store.clear();
    expect(store.read()).toEqual({ server: 'http://h:1', accessToken: undefined, username: undefined });
  });
});

describe('resolveCredentials', () => {
  it('Given GW_SERVER and GW_TOKEN, Then they override the stored values', () => {
    const resolved = resolveCredentials(
      { server: 'http://stored', accessToken: 'stored', username: 'root' },
      { GW_SERVER: 'http://env', GW_TOKEN: 'envtoken' },
    );
    expect(resolved).toMatchObject({
      server: 'http://env',
      serverSource: 'env',
      accessToken: 'envtoken',
      tokenSource: 'env',
      username: undefined,
    });
  });

  it('Given nothing, Then the default server and no token', () => {
    expect(resolveCredentials({}, {})).toMatchObject({
      server: DEFAULT_SERVER_URL,
      serverSource: 'default',
      accessToken: undefined,
      tokenSource: undefined,
    });
  });
});
