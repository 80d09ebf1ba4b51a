// The provider model selector's maths (console-screens §1.5): the fetched model ids grouped by owner,
// the selection per group, and the model mapping that adds them under other names, merged into the
// channel form's models and mapping.

/** The group of the models the channel already has and the upstream did not list. */
export const EXISTING_GROUP = '__existing';
/** The group of the models with neither a known owner nor a `vendor/` prefix. */
export const OTHER_GROUP = '__other';

export interface ModelGroup {
  /** An owner name, a vendor prefix, EXISTING_GROUP or OTHER_GROUP. */
  name: string;
  models: string[];
}

/**
 * The fetched ids grouped by their owner (`ownerOf`, from the price table), else by their `vendor/`
 * prefix, else "other"; the channel's own models the upstream did not list come first as "existing".
 * Groups are sorted by name (other last), models by id; duplicates are dropped.
 */
export function groupProviderModels(
  fetched: readonly string[],
  ownerOf: (model: string) => string | undefined,
  existing: readonly string[] = [],
): ModelGroup[] {
  const byGroup = new Map<string, Set<string>>();
  const add = (group: string, model: string) => {
    const set = byGroup.get(group) ?? new Set<string>();
    set.add(model);
    byGroup.set(group, set);
  };
  for (const model of fetched) {
    const owner = ownerOf(model);
    const slash = model.indexOf('/');
    add(owner || (slash > 0 ? model.slice(0, slash) : OTHER_GROUP), model);
  }
  const listed = new Set(fetched);
  const kept = existing.filter((model) => !listed.has(model));
  const rank = (name: string) => (name === EXISTING_GROUP ? 0 : name === OTHER_GROUP ? 2 : 1);
  const groups = [...byGroup].map(([name, models]) => ({ name, models: [...models].sort() }));
  if (kept.length > 0) groups.push({ name: EXISTING_GROUP, models: [...new Set(kept)].sort() });
  return groups.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Whether none, some or all of a group's models are selected (its tri-state checkbox). */
export function groupSelection(group: ModelGroup, selected: ReadonlySet<string>): 'none' | 'some' | 'all' {
  const count = group.models.filter((model) => selected.has(model)).length;
  return count === 0 ? 'none' : count === group.models.length ? 'all' : 'some';
}

/** The selection after ticking a group's box: all of it selected, or (when all already were) none. */
export function toggleGroup(group: ModelGroup, selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  const all = groupSelection(group, selected) === 'all';
  for (const model of group.models) {
    if (all) next.delete(model);
    else next.add(model);
  }
  return next;
}

/** The selection with every shown model flipped. */
export function invertSelection(shown: readonly string[], selected: ReadonlySet<string>): Set<string> {
  const next = new Set(selected);
  for (const model of shown) {
    if (next.has(model)) next.delete(model);
    else next.add(model);
  }
  return next;
}

/** The groups with only the models whose id contains the search text (case-insensitive); empty groups dropped. */
export function searchGroups(groups: readonly ModelGroup[], search: string): ModelGroup[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups
    .map((group) => ({
      ...group,
      models: group.models.filter((model) => model.toLowerCase().includes(needle)),
    }))
    .filter((group) => group.models.length > 0);
}

/** How the requested (client-facing) name of a fetched model is made for the mapping. */
export interface MappingNameOptions {
  /** Text added or removed at the start or the end of the name. */
  affix: string;
  affixMode: 'add-prefix' | 'add-suffix' | 'remove-prefix' | 'remove-suffix';
  /** Drops a `vendor/` path (`openai/gpt-4o` → `gpt-4o`). */
  stripVendor: boolean;
  lowercase: boolean;
  /** Maps to `+<upstream>`: bills by the requested name (console-screens §1.4 row 9). */
  plus: boolean;
}

export const DEFAULT_MAPPING_OPTIONS: MappingNameOptions = {
  affix: '',
  affixMode: 'add-prefix',
  stripVendor: false,
  lowercase: false,
  plus: false,
};

/** The requested name a fetched model is mapped from. */
export function requestedModelName(upstream: string, options: MappingNameOptions): string {
  let name = options.stripVendor ? upstream.slice(upstream.lastIndexOf('/') + 1) : upstream;
  if (options.lowercase) name = name.toLowerCase();
  const affix = options.affix.trim();
  if (!affix) return name;
  switch (options.affixMode) {
    case 'add-prefix':
      return `${affix}${name}`;
    case 'add-suffix':
      return `${name}${affix}`;
    case 'remove-prefix':
      return name.startsWith(affix) && name.length > affix.length ? name.slice(affix.length) : name;
    case 'remove-suffix':
      return name.endsWith(affix) && name.length > affix.length ? name.slice(0, -affix.length) : name;
  }
}

/** The mapping entries of the selected models: requested name → upstream id (a name kept as is needs none). */
export function mappingForModels(
  models: readonly string[],
  options: MappingNameOptions,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  for (const upstream of models) {
    const requested = requestedModelName(upstream, options);
    if (requested !== upstream) mapping[requested] = `${options.plus ? '+' : ''}${upstream}`;
  }
  return mapping;
}

/** What the selector's confirm does to the parent form. */
export interface SelectionMerge {
  currentModels: readonly string[];
  currentMapping: Readonly<Record<string, string>>;
  /** The selected model ids, in the order shown. */
  selected: readonly string[];
  /** Replace the form's models instead of adding to them. */
  overwriteModels: boolean;
  /** Add mapping entries (else the models are added under their own ids). */
  addMapping: boolean;
  mapping: MappingNameOptions;
  /** Do not add the upstream ids of mapped models, only their requested names. */
  dropOriginalNames: boolean;
  /** A new entry replaces an existing one of the same requested name (else the existing one stays). */
  overwriteMapping: boolean;
}

/** The form's models and mapping after confirming the selector. */
export function mergeSelection(merge: SelectionMerge): { models: string[]; mapping: Record<string, string> } {
  const entries = merge.addMapping ? mappingForModels(merge.selected, merge.mapping) : {};
  const mappedUpstream = new Map(
    Object.entries(entries).map(([requested, value]) => [value.replace(/^\+/, ''), requested]),
  );
  const added: string[] = [];
  for (const model of merge.selected) {
    const requested = mappedUpstream.get(model);
    if (requested === undefined) added.push(model);
    else {
      if (!merge.dropOriginalNames) added.push(model);
      added.push(requested);
    }
  }
  const models = [...new Set(merge.overwriteModels ? added : [...merge.currentModels, ...added])];
  const mapping = merge.overwriteMapping
    ? { ...merge.currentMapping, ...entries }
    : { ...entries, ...merge.currentMapping };
  return { models, mapping };
}
