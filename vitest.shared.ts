// The test settings every Node package shares: packages resolve to their TypeScript source (the
// `source` export condition), and tests that start real servers get room for it.
import { defineConfig } from 'vitest/config';

export const nodeTestConfig = defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
