// One bundle per entry, split per command: `gw tokens list` loads the code of tokens and nothing of
// the other forty commands, and core's modules come along only where a command uses them.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'rolldown';

const LOCALE_PREFIX = 'virtual:gw-locale/';
const localesDir = join(dirname(createRequire(import.meta.url).resolve('@gw/core')), 'i18n/locales');

/** Every section of one language, as one object (read from core's built locale files). */
function languageSections(language) {
  const dir = join(localesDir, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(join(dir, name), 'utf8'))]),
  );
}

/**
 * `virtual:gw-locale/<language>`: every section of one language as a single module that parses one
 * JSON text — one file to load and one fast JSON.parse, instead of a module per section.
 */
const localeBundles = {
  name: 'gw-locale-bundles',
  resolveId: (id) => (id.startsWith(LOCALE_PREFIX) ? `\0${id}` : null),
  load(id) {
    if (!id.startsWith(`\0${LOCALE_PREFIX}`)) return null;
    const language = id.slice(LOCALE_PREFIX.length + 1);
    return `export const sections = JSON.parse(${JSON.stringify(JSON.stringify(languageSections(language)))});`;
  },
};

/**
 * Core's RESOURCES (every locale's strings, which the TUI's i18next reads) with each language parsed
 * from its JSON text on first use: as object literals, the four locales were built at every
 * `gw tui` start, though it shows one.
 */
const lazyResources = {
  name: 'gw-lazy-resources',
  load(id) {
    if (!/core[\\/]dist[\\/]i18n[\\/]resources\.js$/.test(id)) return null;
    const languages = readdirSync(localesDir).filter((name) => !name.includes('.'));
    const getters = languages.map(
      (language) =>
        `get ${language}() { return (parsed.${language} ??= { translation: JSON.parse(${JSON.stringify(JSON.stringify(languageSections(language)))}) }); },`,
    );
    return `const parsed = {};\nexport const RESOURCES = {\n${getters.join('\n')}\n};\n`;
  },
};

/**
 * Yoga (Ink's layout engine) reads its WebAssembly from a `data:` URL with `fetch` whenever a global
 * fetch exists, as in Node 18+: the first `fetch` loads Node's whole undici, 40 ms of `gw tui`'s start
 * for 90 kB it can decode itself. This makes it always take its own decoding path. It fails the build
 * if Yoga's code changes, rather than silently losing the shortcut.
 */
const YOGA_FETCH = 'function ya(){return w||"function"!=typeof fetch?';
const yogaWithoutFetch = {
  name: 'gw-yoga-without-fetch',
  transform(code, id) {
    if (!/yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/.test(id)) return null;
    if (!code.includes(YOGA_FETCH))
      throw new Error(`${id}: Yoga's wasm loader changed; update ${YOGA_FETCH}`);
    return code.replace(YOGA_FETCH, 'function ya(){return true?');
  },
};

export default defineConfig([
  {
    input: { index: 'src/index.ts' },
    platform: 'node',
    // The server stays a package of its own, loaded only by `gw serve` (its native and optional
    // drivers must resolve from node_modules). The terminal console is the second bundle below, at
    // dist/tui/index.js, so that its modules do not split the chunks every other command loads.
    external: [/^@gw\/server(\/|$)/, /^@gw\/tui$/],
    plugins: [localeBundles],
    output: {
      dir: 'dist',
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // `import('@gw/tui')` (in a chunk) loads the bundled console next to the chunks.
      paths: { '@gw/tui': '../tui/index.js' },
    },
  },
  {
    // `gw tui`: the console bundled, read only when it starts. Unbundled, it read 540 files (every
    // locale, all of undici and zod) before the first frame. Ink loads react-devtools-core only
    // under DEV=true, and it is not installed.
    input: { index: '@gw/tui' },
    platform: 'node',
    external: ['react-devtools-core'],
    plugins: [yogaWithoutFetch, lazyResources],
    // runTui sets NODE_ENV=production before React loads (the development build draws a list twice
    // as slowly); fixing it here also leaves React's 600 kB development build out of the bundle.
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    output: {
      dir: 'dist/tui',
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
    },
  },
]);
