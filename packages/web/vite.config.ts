import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { iconNamesShimPlugin } from './build/icon-names-shim';
import { splitBlueprintCssPlugin } from './build/split-blueprint-css';

// `source` makes @gw/core resolve to its TypeScript source, so the console needs no core build.
export default defineConfig({
  base: '/',
  plugins: [iconNamesShimPlugin(), splitBlueprintCssPlugin(), react()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // Every `zod` import gets the jitless one (src/lib/zod-jitless.ts says why).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // decimal.js only defines its constructor when loaded; declaring that lets pages without
      // money maths (sign-in, the console shell) leave it out of their bundle.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/decimal.js/') },
    },
  },
});
