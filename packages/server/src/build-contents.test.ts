// Issue 15: the server build ships no test code. The rule: test support lives in a `test-support/`
// folder (any depth) and tests are `*.test.ts`; tsconfig.build.json excludes both, and nothing the build
// includes may import them (tsc would pull an excluded file back in through an import). The program
// tsc builds is listed here rather than the dist folder read, which tsc never cleans of old files.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The source files of this package that `npm run build` compiles into dist. */
function builtSources(): string[] {
  const typescript = dirname(createRequire(import.meta.url).resolve('typescript/package.json'));
  const tsc = join(typescript, 'bin', 'tsc');
  const listed = execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--listFilesOnly'], {
    cwd: PACKAGE_DIR,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .map((line) => line.trim())
    .filter((file) => file.startsWith(join(PACKAGE_DIR, 'src')))
    .map((file) => relative(PACKAGE_DIR, file));
}

it('builds no test, test support, fake upstream or fixture into dist', () => {
  const sources = builtSources();
  expect(sources.length).toBeGreaterThan(100);
  expect(sources).toContain('src/app.ts');
  const testCode = sources.filter(
    (file) =>
      /(^|\/)test-support\//.test(file) ||
      /\.test\.tsx?$/.test(file) ||
      /test-support|fixture|fake-upstream|scenario/i.test(file),
  );
  expect(testCode).toEqual([]);
}, 60_000);
