// Runs every benchmark under bench/ (files named *.bench.mjs), one after another, in one process each.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.mjs'))
  .filter((name) => !only || name.includes(only))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  const run = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
