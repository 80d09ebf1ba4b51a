// The console's `zod`: the web build resolves every `import … from 'zod'` (core's schemas included) to
// this module (vite.config.ts), so jitless mode is set before any schema is built. Zod otherwise probes
// `new Function` when it builds an object schema; the console's Content-Security-Policy forbids eval
// (issue 15) and Chromium reports even the swallowed probe as a violation. A config call at the top of
// main.tsx came too late once a chunk main imports built schemas at load: imported chunks run first.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
