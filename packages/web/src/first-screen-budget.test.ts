// The first screen (the /login page and the /panel shell) must cost at most 195 KB gzip: measured on
// the build (`npm test` builds first) by scripts/measure-first-screen.mjs, which exits 1 when over.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('first screen size budget', () => {
  it('Given the production build, when its first screen is measured, then it is within 195 KB gzip', () => {
    const script = fileURLToPath(new URL('../scripts/measure-first-screen.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/first screen: [\d.]+ KB gzip \(within the 195 KB budget\)/);
    // And every screen's route chunk is within its 60 KB (the script names any that is not OVER).
    expect(run.stdout).toMatch(/route chunks/);
    expect(run.stdout).not.toMatch(/ OVER$/m);
    expect(run.status).toBe(0);
  });
});
