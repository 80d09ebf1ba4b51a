import { type IconName, IconSize, Icons } from '@blueprintjs/icons';
import { type MenuItem, NAVIGATION } from '@gw/core';
import { ICON_PATHS_16 } from './icon-paths';

/**
 * Loads one icon's SVG paths. Named 16px icons come from their own small module; anything else
 * (a 20px icon, a name the console never used before) from Blueprint's full table, which is
 * then fetched only on that first miss instead of on every first page.
 */
export async function loadIconPaths(name: IconName, size: IconSize): Promise<string[]> {
  const single = size === IconSize.STANDARD ? ICON_PATHS_16[name] : undefined;
  if (single) return (await single()).default;
  const table = (size === IconSize.STANDARD
    ? await import('@blueprintjs/icons/lib/esm/generated/16px/paths/index.js')
    : await import('@blueprintjs/icons/lib/esm/generated/20px/paths/index.js')) as unknown as Record<
    string,
    string[] | undefined
  >;
  return table[iconExportName(name)] ?? [];
}

/** Makes Blueprint load icons one by one through {@link loadIconPaths}. */
export function installIconLoader(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}

/** `send-message` → `SendMessage`: the export name of an icon in Blueprint's path tables. */
export function iconExportName(name: string): string {
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Every icon the sidebar draws (its entries and the group caret), from core's navigation model. */
export function menuIconNames(menu: readonly MenuItem[] = NAVIGATION): IconName[] {
  const names = new Set<string>(['caret-up', 'caret-down']);
  const visit = (entries: readonly MenuItem[]) => {
    for (const entry of entries) {
      if (entry.icon) names.add(entry.icon);
      if (entry.children) visit(entry.children);
    }
  };
  visit(menu);
  return [...names].filter((name): name is IconName => Icons.isValidIconName(name));
}

/**
 * Starts loading the sidebar's icons at once, so right after sign-in the menu does not show each
 * icon's empty placeholder until that icon arrives.
 */
export function preloadMenuIcons(): void {
  void Icons.load(menuIconNames(), IconSize.STANDARD).catch(() => undefined);
}
