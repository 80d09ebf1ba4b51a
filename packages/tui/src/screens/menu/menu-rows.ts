import type { MenuItem } from '@gw/core';

/** One line of the terminal menu: a group heading, an expandable collapse or an item. */
export interface MenuRow {
  entry: MenuItem;
  kind: 'group' | 'collapse' | 'item' | 'error';
  depth: number;
  expanded: boolean;
}

/**
 * Flattens a role's navigation into lines: groups become headings, collapses list their children
 * only when expanded, and a top-level entry that is not a group shows the menu error (spec §2).
 */
export function menuRows(menu: readonly MenuItem[], expanded: ReadonlySet<string>): MenuRow[] {
  const rows: MenuRow[] = [];
  const visit = (entries: readonly MenuItem[], depth: number) => {
    for (const entry of entries) {
      if (entry.type === 'item') {
        rows.push({ entry, kind: 'item', depth, expanded: false });
        continue;
      }
      const open = entry.type === 'group' || expanded.has(entry.id);
      rows.push({ entry, kind: entry.type, depth, expanded: open });
      if (open) visit(entry.children ?? [], depth + 1);
    }
  };
  for (const entry of menu) {
    if (entry.type === 'group') visit([entry], 0);
    else rows.push({ entry, kind: 'error', depth: 0, expanded: false });
  }
  return rows;
}

/** Whether the cursor can rest on a row (items and collapses; not headings). */
export function isSelectable(row: MenuRow): boolean {
  return row.kind === 'item' || row.kind === 'collapse';
}

/** The first `count` rows to draw so that `cursor` stays visible, keeping it near the middle. */
export function visibleWindow(total: number, cursor: number, count: number): { start: number; end: number } {
  if (total <= count) return { start: 0, end: total };
  const start = Math.min(Math.max(0, cursor - Math.floor(count / 2)), total - count);
  return { start, end: start + count };
}
