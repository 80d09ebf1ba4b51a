import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `source` makes @gw/core resolve to its TypeScript source, so the console needs no core build.
export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', manifest: true, emptyOutDir: true, chunkSizeWarningLimit: 600 },
});
