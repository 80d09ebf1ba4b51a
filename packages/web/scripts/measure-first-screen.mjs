#!/usr/bin/env node
// Prints the gzip size of what the console's first screen loads before its first paint: the entry
// chunk of index.html with its static imports and CSS, the strings of one language (main.tsx
// awaits them before rendering) — that is the /login page — plus the lazily loaded /panel shell
// chunk with its own static imports. Reads dist/.vite/manifest.json of `vite build`; prints the
// figure for the language whose strings weigh most. Then each screen's route chunk with what it
// adds (budget 60 KB gzip each, chart screens excepted).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const BUDGET_KB = 195;
const PANEL_SHELL = 'src/app/panel/panel-layout.tsx';

/** Files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const report = (title, files) => {
  let total = 0;
  console.log(title);
  for (const file of [...files].sort()) {
    const size = gzipKb(file);
    total += size;
    console.log(`  ${size.toFixed(1).padStart(7)} KB  ${file}`);
  }
  console.log(`  ${total.toFixed(1).padStart(7)} KB  total`);
  return total;
};

// The sections the console loads, read from the one list in src/lib/i18n.ts (a spread of core's
// SHARED_I18N_SECTIONS is expanded from core's build).
const i18nSource = readFileSync(join(dist, '..', 'src', 'lib', 'i18n.ts'), 'utf8');
const sectionList = /WEB_SECTIONS[^=]*=\s*\[([^\]]*)\]/.exec(i18nSource)?.[1] ?? '';
const { SHARED_I18N_SECTIONS } = await import('../../core/dist/index.js');
const sections = [
  ...(sectionList.includes('...SHARED_I18N_SECTIONS') ? SHARED_I18N_SECTIONS : []),
  ...[...sectionList.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]),
];
if (sections.length < 2) throw new Error(`could not read WEB_SECTIONS from src/lib/i18n.ts: ${sectionList}`);
const localeFiles = (language) =>
  sections
    .map((section) => manifest[`../core/src/i18n/locales/${language}/${section}.json`]?.file)
    .filter(Boolean);
const languages = ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'];
const heaviest = languages
  .map((language) => [language, localeFiles(language).reduce((sum, file) => sum + gzipKb(file), 0)])
  .sort((a, b) => b[1] - a[1])[0][0];

const login = closure('index.html');
for (const file of localeFiles(heaviest)) login.add(file);
report(`/login (entry + ${heaviest} strings, before first paint):`, login);
const firstScreen = closure(PANEL_SHELL, new Set(login));
const total = report('/login + /panel shell (the above + console shell chunk):', firstScreen);
const verdict = total <= BUDGET_KB ? 'within' : 'OVER';
console.log(`first screen: ${total.toFixed(1)} KB gzip (${verdict} the ${BUDGET_KB} KB budget)`);

// Each screen's route chunk: its own file, and what opening it first adds to the first screen (its
// chunk and the static imports the first screen does not hold). The screen kit, TanStack Query and
// Blueprint's table and dialog parts are shared chunks: every screen imports the same files, so a
// second screen only pays its own chunk. The own chunk must stay within 60 KB gzip (charts excepted).
const ROUTE_BUDGET_KB = 60;
const CHARTS = /analytics|chart|dashboard/;
let routesOver = 0;
const routes = Object.entries(manifest).filter(
  ([key, chunk]) => chunk.isDynamicEntry && key.startsWith('src/features/'),
);
const sharedUse = new Map();
for (const [key] of routes) {
  for (const file of closure(key)) {
    if (!firstScreen.has(file) && file !== manifest[key].file) {
      sharedUse.set(file, (sharedUse.get(file) ?? 0) + 1);
    }
  }
}
console.log(
  `route chunks (own chunk, budget ${ROUTE_BUDGET_KB} KB each, charts excepted; and own + shared chunks on a first visit):`,
);
for (const [key, chunk] of routes) {
  const own = gzipKb(chunk.file);
  // A screen's sub-dialog loaded on demand imports its screen's chunk: that screen is already loaded
  // when it opens, so only what the dialog adds beyond it counts.
  const parents = new Set(
    (chunk.imports ?? [])
      .filter((imported) => manifest[imported]?.isDynamicEntry && imported.startsWith('src/features/'))
      .flatMap((imported) => [...closure(imported)]),
  );
  const added = [...closure(key)].filter((file) => !firstScreen.has(file) && !parents.has(file));
  const size = added.reduce((sum, file) => sum + gzipKb(file), 0);
  // The budget is the screen's own chunk (issue: "each screen's own route chunk ≤ 60 KB"); the first-visit
  // figure (with the shared kit, query and form chunks) is reported beside it.
  const over = own > ROUTE_BUDGET_KB && !CHARTS.test(key);
  if (over) routesOver += 1;
  console.log(
    `  ${own.toFixed(1).padStart(7)} KB own  ${size.toFixed(1).padStart(7)} KB first visit  ${key}${over ? '  OVER' : ''}`,
  );
}
// The chunks several screens share, each counted once (the kit among them).
const shared = [...sharedUse].filter(([, count]) => count > 1).sort((a, b) => gzipKb(b[0]) - gzipKb(a[0]));
const sharedTotal = shared.reduce((sum, [file]) => sum + gzipKb(file), 0);
console.log(`shared route chunks (loaded once, used by several screens): ${sharedTotal.toFixed(1)} KB`);
for (const [file, count] of shared) {
  console.log(`  ${gzipKb(file).toFixed(1).padStart(7)} KB  ${file}  (${count} screens)`);
}
process.exitCode = total <= BUDGET_KB && routesOver === 0 ? 0 : 1;
