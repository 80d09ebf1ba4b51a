import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

// Component tests pick happy-dom per file (`// @vitest-environment happy-dom`); the journey runs in Node
// against a real browser, so it gets more time than the shared defaults.
export default mergeConfig(nodeTestConfig, {
  plugins: [react()],
  test: { testTimeout: 60_000, hookTimeout: 120_000 },
});
