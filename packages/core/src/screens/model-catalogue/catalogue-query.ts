// The available-models filters (console-screens §16), all applied on the client: search, the K/M unit,
// provider, modality, tag, the user group whose prices show and "only available", kept in the URL.
import { MODALITIES } from '../../resources/model_info/model-info.schema.js';
import type { PriceScale } from '../../resources/prices/price-units.js';
import type { FieldOption, FilterDef } from '../screen-model.js';
import type { CatalogueModel, ModelCatalogue } from './model-catalogue.js';

/** Page sizes of the catalogue (§16: 20 / 30 / 60 / 100), the first the default. */
export const CATALOGUE_PAGE_SIZES = [20, 30, 60, 100] as const;

/** Cards or a table (the card ⇄ list toggle). */
export const CATALOGUE_VIEWS = ['card', 'list'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

/** The catalogue's filters and page, as read from and written to the URL. */
export interface CatalogueQuery {
  keyword: string;
  unit: PriceScale;
  /** An owner id, '' for all. */
  owner: string;
  modality: string;
  tag: string;
  /** The group whose prices show; the catalogue's first group when the URL names none. */
  group: string;
  /** Only the models the chosen group may call. */
  available: boolean;
  view: CatalogueView;
  page: number;
  size: number;
}

const all: FieldOption = { value: '', labelKey: 'common.all' };

/** The filters as data: their URL names, kinds and labels; choices that depend on the catalogue are in `catalogueFilterOptions`. */
export const CATALOGUE_FILTERS: readonly FilterDef[] = [
  {
    name: 'keyword',
    kind: 'keyword',
    labelKey: 'billing.models.filters.search',
    placeholderKey: 'billing.models.filters.search_placeholder',
  },
  {
    name: 'unit',
    kind: 'select',
    labelKey: 'billing.models.filters.unit',
    options: [
      { value: 'K', labelKey: 'billing.models.units.K' },
      { value: 'M', labelKey: 'billing.models.units.M' },
    ],
  },
  { name: 'owner', kind: 'select', labelKey: 'billing.models.filters.owner' },
  {
    name: 'modality',
    kind: 'select',
    labelKey: 'billing.models.filters.modality',
    options: [all, ...MODALITIES.map((value) => ({ value, labelKey: `billing.models.modalities.${value}` }))],
  },
  { name: 'tag', kind: 'select', labelKey: 'billing.models.filters.tag' },
  { name: 'group', kind: 'select', labelKey: 'billing.models.filters.group' },
  {
    name: 'available',
    kind: 'select',
    labelKey: 'billing.models.filters.available',
    options: [
      { value: '', labelKey: 'common.all' },
      { value: '1', labelKey: 'billing.models.filters.available_only' },
    ],
  },
];

/** The choices of a filter whose options come from the catalogue (owners, tags, groups). */
export function catalogueFilterOptions(catalogue: ModelCatalogue, name: string): FieldOption[] {
  if (name === 'owner')
    return [all, ...catalogue.owners.map((owner) => ({ value: String(owner.id), label: owner.name }))];
  if (name === 'tag') return [all, ...catalogue.tags.map((tag) => ({ value: tag, label: tag }))];
  if (name === 'group') return catalogue.groups.map((group) => ({ value: group.symbol, label: group.name }));
  return [...(CATALOGUE_FILTERS.find((filter) => filter.name === name)?.options ?? [])];
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The group chosen while the URL names none: the caller's own group when listed, else the first (§16). */
export function defaultCatalogueGroup(catalogue: ModelCatalogue, own?: string): string {
  return catalogue.groups.some((group) => group.symbol === own)
    ? (own as string)
    : (catalogue.groups[0]?.symbol ?? '');
}

/**
 * The query a URL names; unknown values fall back to the defaults (`own` group or the first, per 1K,
 * cards). `own` is the signed-in user's group.
 */
export function catalogueQueryFromParams(
  params: URLSearchParams,
  catalogue: ModelCatalogue,
  own?: string,
): CatalogueQuery {
  const group = params.get('group') ?? '';
  const size = positive(params.get('size'), CATALOGUE_PAGE_SIZES[0]);
  return {
    keyword: params.get('keyword') ?? '',
    unit: params.get('unit') === 'M' ? 'M' : 'K',
    owner: params.get('owner') ?? '',
    modality: params.get('modality') ?? '',
    tag: params.get('tag') ?? '',
    group: catalogue.groups.some((known) => known.symbol === group)
      ? group
      : defaultCatalogueGroup(catalogue, own),
    available: params.get('available') === '1',
    view: params.get('view') === 'list' ? 'list' : 'card',
    page: positive(params.get('page'), 1),
    size: (CATALOGUE_PAGE_SIZES as readonly number[]).includes(size) ? size : CATALOGUE_PAGE_SIZES[0],
  };
}

/** The URL parameters of a query, defaults left out so a shared link stays short. */
export function catalogueQueryToParams(
  query: CatalogueQuery,
  catalogue: ModelCatalogue,
  own?: string,
): URLSearchParams {
  const params = new URLSearchParams();
  const set = (name: string, value: string, fallback: string) => {
    if (value !== fallback) params.set(name, value);
  };
  set('keyword', query.keyword, '');
  set('unit', query.unit, 'K');
  set('owner', query.owner, '');
  set('modality', query.modality, '');
  set('tag', query.tag, '');
  set('group', query.group, defaultCatalogueGroup(catalogue, own));
  set('available', query.available ? '1' : '', '');
  set('view', query.view, 'card');
  set('page', String(query.page), '1');
  set('size', String(query.size), String(CATALOGUE_PAGE_SIZES[0]));
  return params;
}

/** A changed filter: every change but the page and the view goes back to page 1 (§16). */
export function withCatalogueFilter(query: CatalogueQuery, change: Partial<CatalogueQuery>): CatalogueQuery {
  const keepsPage = Object.keys(change).every((key) => key === 'page' || key === 'view' || key === 'unit');
  return { ...query, ...change, page: keepsPage ? (change.page ?? query.page) : 1 };
}

/** The models the filters keep, in the catalogue's order. */
export function filterCatalogue(catalogue: ModelCatalogue, query: CatalogueQuery): CatalogueModel[] {
  const keyword = query.keyword.trim().toLowerCase();
  return catalogue.models.filter(
    (model) =>
      (!keyword ||
        [model.model, model.name, model.description].some((text) => text.toLowerCase().includes(keyword))) &&
      (!query.owner || String(model.owner.id) === query.owner) &&
      (!query.modality ||
        model.inputModalities.includes(query.modality) ||
        model.outputModalities.includes(query.modality)) &&
      (!query.tag || model.tags.includes(query.tag)) &&
      (!query.available || model.groups.includes(query.group)),
  );
}

/** One page of the kept models; a page past the end shows the last one. */
export function pageOfCatalogue<T>(models: readonly T[], query: Pick<CatalogueQuery, 'page' | 'size'>) {
  const pages = Math.max(1, Math.ceil(models.length / query.size));
  const page = Math.min(query.page, pages);
  return {
    rows: models.slice((page - 1) * query.size, page * query.size),
    page,
    pages,
    total: models.length,
  };
}
