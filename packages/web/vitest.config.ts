import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

// Component tests pick happy-dom per file (`// @vitest-environment happy-dom`); the journey runs in Node
// against a real browser, so it gets more time than the shared defaults. Files run one at a time on a
// two-core machine (Vitest's default there): two at once saved about 40 % of the time but let a journey
// now and then lose a race with its own browser under the load (three different ones in three CI runs).
export default mergeConfig(nodeTestConfig, {
  plugins: [react()],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['src/test-support/dom-timeouts.ts'],
  },
});
