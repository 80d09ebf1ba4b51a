import { configDefaults, defineConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

/** Test files that replace a module with `vi.mock`: only they need a fresh module graph of their own. */
const MOCKING = ['src/resources/users/login-timing.test.ts'];

const shared = nodeTestConfig.test ?? {};
const project = (name: string, test: Record<string, unknown>) => ({
  resolve: nodeTestConfig.resolve,
  ssr: nodeTestConfig.ssr,
  test: { ...shared, name, ...test },
});

// Every other file builds its own app, database and upstreams and leaves no module state behind, so
// they share workers instead of paying a new module graph per file (about 150 files: minutes of CI).
// (Projects are spelled out rather than `extends: true`, which would concatenate the include lists.)
// One file at a time (Vitest's default on two cores). Files would not collide two at once (each has its
// own database, schema, Redis key prefix and ports), but the suite is CPU-bound: measured on the CI kind
// of machine under other work (load 2-7), two workers took 561 s against one worker's 582 s while every
// file's time doubled (the sum of file times 1,073 s against 570 s), putting the timing-sensitive files
// twice as near their limits.
export default defineConfig({
  test: {
    projects: [
      project('shared', { isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] }),
      project('isolated', { include: MOCKING }),
    ],
  },
});
