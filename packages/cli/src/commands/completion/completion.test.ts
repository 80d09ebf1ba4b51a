// End-to-end: the completion scripts loaded by a real bash, completing commands, flags and ids (the
// ids read from a real server with the stored sign-in).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GW_BIN } from '../../../../../test-support/gw-server.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let bin: string;

/** Runs a bash script with a `gw` on PATH that is the built binary and root's sign-in. */
function bash(script: string): { code: number; stdout: string } {
  const run = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      HOME: gw.configDir,
      GW_CONFIG_DIR: gw.configDir,
      LANG: 'en_US.UTF-8',
    },
  });
  return { code: run.status ?? -1, stdout: run.stdout };
}

/** What bash offers after `gw <words…>` (the last word being typed). */
function offered(...words: string[]): string[] {
  const list = ['gw', ...words].map((word) => `'${word}'`).join(' ');
  const script = `source <(gw completion bash); COMP_WORDS=(${list}); COMP_CWORD=${words.length}; _gw_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return bash(script).stdout.split('\n').filter(Boolean);
}

beforeAll(async () => {
  gw = await startSignedInGw();
  bin = mkdtempSync(join(gw.configDir, 'bin-'));
  writeFileSync(join(bin, 'gw'), `#!/bin/sh\nexec "${process.execPath}" "${GW_BIN}" "$@"\n`);
  chmodSync(join(bin, 'gw'), 0o755);
  expect((await gw.gw(['tokens', 'create', '--name', 'completion-me'])).code).toBe(0);
});

afterAll(async () => {
  await gw?.stop();
});

describe('gw completion', () => {
  it('Given bash, When the script is sourced, Then gw is registered for completion', () => {
    const run = bash('source <(gw completion bash); complete -p gw');
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe('complete -o default -F _gw_complete gw');
  });

  it('Given a partial command, a verb or a flag, Then bash offers the matching ones', () => {
    expect(offered('tok')).toEqual(['tokens']);
    expect(offered('tokens', 'e')).toEqual(['edit', 'enable']);
    expect(offered('channels', 'test', '--con')).toEqual(['--concurrency']);
    expect(offered('--lang', 'zh')).toEqual(['zh_CN', 'zh_HK']);
  });

  it('Given a verb that takes an id, Then the ids come from the signed-in server', () => {
    expect(offered('tokens', 'view', '')).toEqual(['1']);
  });

  it('Given zsh and fish, Then their scripts ask gw too; an unknown shell is a usage error', async () => {
    for (const shell of ['zsh', 'fish']) {
      const run = await gw.gw(['completion', shell]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('gw __complete --');
    }
    expect((await gw.gw(['completion', 'powershell'])).code).toBe(2);
  });
});
