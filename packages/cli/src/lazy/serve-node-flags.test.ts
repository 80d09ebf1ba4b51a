import { describe, expect, it } from 'vitest';
import { type NodeProcess, restartWithServeFlags, serveRestartArgs } from './serve-node-flags.js';

const execve = (() => {
  throw new Error('not in a test');
}) as NodeProcess['execve'];

function proc(overrides: Partial<NodeProcess> = {}): NodeProcess {
  return {
    platform: 'linux',
    execPath: '/usr/bin/node',
    execArgv: ['--enable-source-maps'],
    argv: ['/usr/bin/node', '/opt/gw/index.js', 'serve', '--port', '3000'],
    env: { HOME: '/home/gw' },
    execve,
    ...overrides,
  };
}

/** What proc() restarts with: node, its own flags, the serve flags, then the script and its arguments. */
const RESTARTED = [
  '/usr/bin/node',
  '--enable-source-maps',
  '--no-memory-reducer',
  '/opt/gw/index.js',
  'serve',
  '--port',
  '3000',
];

describe('serveRestartArgs', () => {
  it('Given plain node, Then node, its own flags, --no-memory-reducer, then the script and its arguments', () => {
    expect(serveRestartArgs(proc())).toEqual(RESTARTED);
  });

  it('Given the flag set either way, in either spelling, Then no restart', () => {
    for (const flag of [
      '--no-memory-reducer',
      '--memory-reducer',
      '--memory_reducer',
      '--no-memory_reducer',
    ]) {
      expect(serveRestartArgs(proc({ execArgv: [flag] }))).toBeUndefined();
    }
    // Not a near miss: another flag that mentions the reducer is not the operator's choice.
    expect(serveRestartArgs(proc({ execArgv: ['--memory-reducer-for-small-heaps'] }))).toContain(
      '--no-memory-reducer',
    );
  });

  it('Given no execve, Windows or an IPC channel, Then no restart', () => {
    expect(serveRestartArgs(proc({ execve: undefined }))).toBeUndefined();
    expect(serveRestartArgs(proc({ platform: 'win32' }))).toBeUndefined();
    expect(serveRestartArgs(proc({ channel: {} }))).toBeUndefined();
  });

  it('Given a restart, Then execve gets node, the arguments and the environment as they are', () => {
    const calls: unknown[][] = [];
    const recorder = ((...args: unknown[]) => calls.push(args)) as unknown as NodeProcess['execve'];
    restartWithServeFlags(proc({ execve: recorder, env: { GW: '1' } }));
    expect(calls).toEqual([['/usr/bin/node', RESTARTED, { GW: '1' }]]);
    calls.length = 0;
    restartWithServeFlags(proc({ execve: recorder, execArgv: ['--memory-reducer'] }));
    expect(calls).toEqual([]);
  });

  it('Given an execve that fails, Then the restart returns and gw goes on with V8 defaults', () => {
    expect(() => restartWithServeFlags(proc())).not.toThrow();
  });
});
