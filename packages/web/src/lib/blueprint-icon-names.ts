// What Blueprint's icon loader needs of `IconNames` (see build/icon-names-shim.ts), without the table:
// a name is valid when it is written as Blueprint writes icon names, and `IconNames.X` (a component's
// own icon, e.g. `IconNames.SQUARE`) turns the constant's name into the icon's.

/** `SQUARE` or `AddClip` → `square`, `add-clip`. */
function iconNameOf(constant: string): string {
  if (/^[A-Z0-9_]+$/.test(constant)) return constant.toLowerCase().replaceAll('_', '-');
  return constant.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase();
}

export const IconNames: Record<string, string> = new Proxy(
  {},
  { get: (_target, key) => (typeof key === 'string' ? iconNameOf(key) : undefined) },
);

/** The loader asks it whether a name may be loaded; the console's loader answers a miss with no paths. */
export const IconNamesSet = {
  has: (name: unknown): boolean => typeof name === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(name),
};
