import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

// Component tests pick happy-dom per file (`// @vitest-environment happy-dom`); the journey runs in Node
// against a real browser, so it gets more time than the shared defaults. Files run one at a time on a
// two-core machine (Vitest's default there): two at once saved about 40 % of the time but let a journey
// now and then lose a race with its own browser under the load (three different ones in three CI runs).

/** Test files that replace a module with `vi.mock`: only they need a fresh module graph of their own. */
const MOCKING = ['src/features/settings/chat-links-editor.test.tsx'];

const shared = nodeTestConfig.test ?? {};
const project = (name: string, test: Record<string, unknown>) => ({
  plugins: [react()],
  resolve: nodeTestConfig.resolve,
  ssr: nodeTestConfig.ssr,
  test: {
    ...shared,
    name,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['src/test-support/dom-timeouts.ts'],
    ...test,
  },
});

// Every other file leaves no module state behind (journeys start their own server and browser), so
// they share workers instead of a new module graph per file: a fresh one loads Blueprint's CommonJS
// build and core's source again, about 10 s a file on CI's two cores (the 28 component files took
// 324 s isolated, 39 s shared). (Projects are spelled out rather than `extends: true`, which would
// concatenate the include lists.)
export default defineConfig({
  test: {
    projects: [
      project('shared', { isolate: false, exclude: [...configDefaults.exclude, ...MOCKING] }),
      project('isolated', { include: MOCKING }),
    ],
  },
});
