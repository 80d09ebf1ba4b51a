// One bundle per entry, split per command: `gw tokens list` loads the code of tokens and nothing of
// the other forty commands, and core's modules come along only where a command uses them.
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: { index: 'src/index.ts' },
  platform: 'node',
  // The server and the terminal console are other packages, loaded only by `gw serve` and `gw tui`.
  external: [/^@gw\/(server|tui)(\/|$)/],
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
  },
});
