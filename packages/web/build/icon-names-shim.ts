// Blueprint's icon loader checks names against `IconNames`, a table built from every icon's name and
// codepoint (~12 KB gzip) that every page then carried, although the console loads icons one by one
// (src/lib/icons.ts). This plugin gives the loader a small module of the same shape instead.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SHIM = fileURLToPath(new URL('../src/lib/blueprint-icon-names.ts', import.meta.url));

/** Resolves the icon loader's `./iconNames` import to the console's own small version. */
export function iconNamesShimPlugin(): Plugin {
  return {
    name: 'gw-icon-names-shim',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './iconNames' && importer?.includes('@blueprintjs/icons/lib/esm/')) return SHIM;
      return null;
    },
  };
}
