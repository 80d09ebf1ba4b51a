// The shared live-reload block: first read, timer, `r`, `p`, a failed read and a late answer.
import { Text } from 'ink';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyboardProvider } from '../hooks/use-keys.js';
import { type LiveReloadOptions, useLiveReload } from './use-live-reload.js';

interface Probe {
  load: () => Promise<number>;
  loadKey?: string;
  options: LiveReloadOptions;
}

function Reader({ load, loadKey = '', options }: Probe) {
  const { data, loading, paused, refresh } = useLiveReload(load, loadKey, options);
  return (
    <Text>{`data=${data ?? '-'} loading=${loading} paused=${paused} header-paused=${refresh.paused}`}</Text>
  );
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function until(frame: () => string | undefined, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const current = frame() ?? '';
    if (pattern.test(current)) return current;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in ${current}`);
    await sleep(10);
  }
}

describe('useLiveReload', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    unmount = undefined;
  });
  const mount = (probe: Probe) => {
    const view = render(
      <KeyboardProvider>
        <Reader {...probe} />
      </KeyboardProvider>,
    );
    unmount = view.unmount;
    return view;
  };

  it('Given a refresh interval, then it reads at once and again on the timer; p stops the timer, r still reads', async () => {
    let reads = 0;
    const view = mount({
      load: async () => ++reads,
      options: { refreshSeconds: 0.05, onError: () => undefined, keys: true },
    });
    await until(view.lastFrame, /data=1 loading=false/);
    await until(view.lastFrame, /data=[3-9]/);
    view.stdin.write('p');
    await until(view.lastFrame, /paused=true header-paused=true/);
    await sleep(30);
    const held = reads;
    await sleep(200);
    expect(reads).toBe(held);
    view.stdin.write('r');
    await until(view.lastFrame, new RegExp(`data=${held + 1} loading=false`));
    await sleep(150);
    expect(reads).toBe(held + 1);
    view.stdin.write('p');
    await until(view.lastFrame, /paused=false/);
    await until(view.lastFrame, new RegExp(`data=(${held + 2}|${held + 3}|${held + 4})`));
  });

  it('Given refresh off or keys not taken, then nothing reads but the first read, and r does nothing', async () => {
    let reads = 0;
    const view = mount({
      load: async () => ++reads,
      options: { refreshSeconds: 0, onError: () => undefined, keys: false },
    });
    await until(view.lastFrame, /data=1 loading=false paused=false header-paused=false/);
    view.stdin.write('r');
    view.stdin.write('p');
    await sleep(150);
    expect(reads).toBe(1);
    expect(view.lastFrame()).toContain('paused=false');
  });

  it('Given a read that fails, then the error is told and the last data stays', async () => {
    let reads = 0;
    const errors: unknown[] = [];
    const view = mount({
      load: async () => {
        reads += 1;
        if (reads === 2) throw new Error('server down');
        return reads;
      },
      options: { refreshSeconds: 0, onError: (error) => errors.push(error), keys: true },
    });
    await until(view.lastFrame, /data=1 loading=false/);
    view.stdin.write('r');
    await until(() => (errors.length > 0 ? 'told' : ''), /told/);
    expect(String(errors[0])).toContain('server down');
    expect(await until(view.lastFrame, /loading=false/)).toContain('data=1');
  });

  it('Given a slow read overtaken by a newer one, then the newer answer stays on screen', async () => {
    let reads = 0;
    const view = mount({
      load: () => {
        reads += 1;
        const value = reads;
        // The first read answers last.
        return sleep(value === 1 ? 300 : 20).then(() => value);
      },
      options: { refreshSeconds: 0, onError: () => undefined, keys: true },
    });
    view.stdin.write('r');
    await until(view.lastFrame, /data=2 loading=false/);
    await sleep(400);
    expect(view.lastFrame()).toContain('data=2');
  });

  it('Given the load key changes, then it reads again', async () => {
    let reads = 0;
    const probe: Probe = {
      load: async () => ++reads,
      loadKey: 'page=1',
      options: { refreshSeconds: 0, onError: () => undefined },
    };
    const view = mount(probe);
    await until(view.lastFrame, /data=1 loading=false/);
    view.rerender(
      <KeyboardProvider>
        <Reader {...probe} loadKey="page=2" />
      </KeyboardProvider>,
    );
    await until(view.lastFrame, /data=2 loading=false/);
  });
});
