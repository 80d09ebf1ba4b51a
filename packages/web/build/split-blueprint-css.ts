// Splits Blueprint's one stylesheet in two: what the first screen draws (sign-in page, console
// shell) goes in the page's CSS; the styles of components only later screens use (tables,
// switches, selects, toasts, tabs, trees…) arrive with those screens' code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import postcss, { type Rule } from 'postcss';
import type { Plugin } from 'vite';

/** Blueprint blocks (class after `bp6-`) whose styles can wait: none is drawn by the first screen. */
export const DEFERRED_BLOCKS = [
  'alert',
  'button-group',
  'card-list',
  'code-block',
  'compound-tag',
  'context-menu',
  'control',
  'control-card',
  'control-group',
  'divider',
  'editable-text',
  'entity-title',
  'file-input',
  'file-upload',
  'hotkey',
  'html-select',
  'html-table',
  'key',
  'menu-header',
  'multistep-dialog',
  'dialog-step',
  'numeric-input',
  'overflow-list',
  'panel-stack',
  'panel-stack2',
  'popover',
  'progress-bar',
  'section',
  'segmented-control',
  'select',
  'skeleton',
  'slider',
  'submenu',
  'tab',
  'tabs',
  'tag-input',
  'tag-remove',
  'text-area',
  'toast',
  'tooltip',
  'tree',
];

const CRITICAL_ID = 'virtual:blueprint-critical.css';
const DEFERRED_ID = 'virtual:blueprint-deferred.css';
// Resolved ids end in .css so Vite's CSS pipeline handles them like files.
const RESOLVED = {
  [CRITICAL_ID]: '/@gw/blueprint-critical.css',
  [DEFERRED_ID]: '/@gw/blueprint-deferred.css',
};

function blockOf(className: string): string | undefined {
  return [...DEFERRED_BLOCKS]
    .sort((a, b) => b.length - a.length)
    .find((block) => className === block || className.startsWith(`${block}-`));
}

/** Whether one selector only styles deferred blocks (every bp6 class chain names one). */
export function isDeferredSelector(selector: string): boolean {
  const classes = [...selector.matchAll(/\.bp6-([a-z0-9-]+)/g)].map((match) => match[1] ?? '');
  return classes.some((name) => blockOf(name) !== undefined);
}

/** Splits Blueprint's CSS text into the critical and the deferred part. */
export function splitBlueprintCss(css: string): { critical: string; deferred: string } {
  const critical = postcss.parse(css);
  const deferred = postcss.root();
  critical.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes/.test((rule.parent as postcss.AtRule).name)) return;
    if (!rule.selectors.every(isDeferredSelector)) return;
    // Keep the rule's at-rule context (@media, @supports) around it in the deferred sheet.
    let node: postcss.Node = rule.clone();
    let parent = rule.parent;
    while (parent && parent.type === 'atrule') {
      const wrapper = (parent as postcss.AtRule).clone({ nodes: [] });
      wrapper.append(node);
      node = wrapper;
      parent = parent.parent;
    }
    deferred.append(node);
    rule.remove();
  });
  critical.walkAtRules((atRule) => {
    if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
  });
  return { critical: critical.toString(), deferred: deferred.toString() };
}

/** The Vite plugin serving the two halves as `virtual:blueprint-critical.css` / `-deferred.css`. */
export function splitBlueprintCssPlugin(): Plugin {
  let parts: { critical: string; deferred: string } | undefined;
  const load = () => {
    if (!parts) {
      const require = createRequire(import.meta.url);
      parts = splitBlueprintCss(
        readFileSync(require.resolve('@blueprintjs/core/lib/css/blueprint.css'), 'utf8'),
      );
    }
    return parts;
  };
  return {
    name: 'gw-split-blueprint-css',
    enforce: 'pre',
    resolveId(id) {
      if (id === CRITICAL_ID || id === DEFERRED_ID) return RESOLVED[id];
      // In dev the browser asks for the resolved path itself.
      return Object.values(RESOLVED).includes(id) ? id : undefined;
    },
    load(id) {
      if (id === RESOLVED[CRITICAL_ID]) return load().critical;
      if (id === RESOLVED[DEFERRED_ID]) return load().deferred;
      return undefined;
    },
  };
}
