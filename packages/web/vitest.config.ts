import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

// Component tests pick happy-dom per file (`// @vitest-environment happy-dom`); the journey runs in Node
// against a real browser, so it gets more time than the shared defaults. A journey waits on its browser
// and its server most of the time, so two files run at once even on a two-core machine (CI's), where
// Vitest's default would run one.
export default mergeConfig(nodeTestConfig, {
  plugins: [react()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['src/test-support/dom-timeouts.ts'],
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
