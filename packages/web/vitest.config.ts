import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Component tests pick happy-dom per file (`// @vitest-environment happy-dom`); the journey runs in Node.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
