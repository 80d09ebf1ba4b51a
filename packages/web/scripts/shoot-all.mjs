// Starts a real `gw serve` on a fresh SQLite file, fills it with seed-screens.mjs (users, channels on a
// stand-in upstream, tokens, codes, prices, relayed calls for the logs), then runs screenshots.mjs for
// every console route, tab, dialog and public page in light and dark, zh_CN and en_US, at 1440 and
// 390 px, so a person can look at them all before resolving a release (issues 9 and 10).
// Usage: node scripts/shoot-all.mjs [folder=/tmp/gw-shots]   (LANGS=en_US WIDTHS=390 limit the runs;
// THEMES=dark and SCREENS=token,midjourney-preview are handed to screenshots.mjs)
// Each run goes to <folder>/<language>-<width>/; screenshots.mjs prints the screens that scroll
// sideways or show a raw i18n key. Needs the built CLI and core (npm run build) and Chromium.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startGwServer } from '../../../test-support/gw-server.ts';

const folder = process.argv[2] ?? '/tmp/gw-shots';
const languages = process.env.LANGS?.split(',') ?? ['en_US', 'zh_CN'];
const widths = process.env.WIDTHS?.split(',') ?? ['1440', '390'];
const here = fileURLToPath(new URL('.', import.meta.url));

// One run signs in twice per language and width and reads every screen: the per-IP limits (20 sign-ins
// in 20 minutes, 300 API calls in 3) stopped the last runs with a 429, so they are off for the shots.
const server = await startGwServer({ env: { GLOBAL_API_RATE_LIMIT: '0', CRITICAL_RATE_LIMIT: '0' } });
const dbFile = join(server.dataDir, 'gw.db');
// The seed keeps its stand-in upstream up (channel tests and model lists call it) until killed.
const seed = spawn(
  process.execPath,
  [join(here, 'seed-screens.mjs'), server.url, server.rootPassword, dbFile],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
try {
  await new Promise((done, fail) => {
    seed.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (String(chunk).includes('seeded')) done();
    });
    seed.once('exit', (code) => fail(new Error(`seed-screens.mjs exited with ${code}`)));
  });
  for (const language of languages)
    for (const width of widths) {
      const out = join(folder, `${language}-${width}`);
      await new Promise((done, fail) => {
        const shots = spawn(
          process.execPath,
          [join(here, 'screenshots.mjs'), server.url, server.rootPassword, out, language, width],
          { stdio: 'inherit', env: { ...process.env, SCENES: process.env.SCENES ?? '1', PUBLIC: '1' } },
        );
        shots.once('exit', (code) =>
          code === 0 ? done() : fail(new Error(`screenshots.mjs exited with ${code}`)),
        );
      });
    }
} finally {
  seed.kill('SIGTERM');
  await server.stop();
}
