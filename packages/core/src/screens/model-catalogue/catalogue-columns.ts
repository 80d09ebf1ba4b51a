// The available-models list view (console-screens §16): model, billing type, provider, and the input and
// output price of every group that may call the model, per the K/M choice. Also the screen as a ScreenDef
// for faces that page it through `list` (the terminal console, the CLI).
import type { ColumnContext, ColumnDef } from '../../format/columns.js';
import { groupPriceText, groupRateText } from '../../resources/prices/group-price.js';
import type { ScreenDef, ScreenQuery } from '../screen-model.js';
import {
  CATALOGUE_FILTERS,
  CATALOGUE_PAGE_SIZES,
  catalogueQueryFromParams,
  filterCatalogue,
  pageOfCatalogue,
} from './catalogue-query.js';
import { type CatalogueGroup, type CatalogueModel, loadModelCatalogue } from './model-catalogue.js';

/** A model as a row shows it: with the catalogue's groups and the unit chosen. */
export interface CatalogueRow extends CatalogueModel {
  /** The catalogue's groups (their prices show for those that may call the model). */
  allGroups: readonly CatalogueGroup[];
  perMillion: boolean;
}

/** The groups that may call a model, in the catalogue's order. */
export function offeredGroups(row: CatalogueRow): CatalogueGroup[] {
  return row.allGroups.filter((group) => row.groups.includes(group.symbol));
}

/** One line per group for a side of the price: `Default: $0.03 / 1K (×1)`, or `…: Free`. */
export function groupPriceLines(
  row: CatalogueRow,
  side: 'input' | 'output',
  t: ColumnContext['t'],
): string[] {
  if (side === 'output' && row.price.type === 'times') return [];
  return offeredGroups(row).map((group) => {
    const price = groupPriceText(row.price, group.ratio, row.perMillion, t);
    const rate = groupRateText(group.ratio);
    return `${group.name}: ${price[side] ?? ''}${rate ? ` (${rate})` : ''}`;
  });
}

/** The billing type's key and colour: per token green, per call amber. */
export function billingTypeKey(row: Pick<CatalogueModel, 'price'>): string {
  return row.price.type === 'times' ? 'prices.type.times' : 'prices.type.tokens';
}

export const MODEL_CATALOGUE_COLUMNS: readonly ColumnDef<CatalogueRow>[] = [
  {
    id: 'model',
    titleKey: 'billing.models.fields.model',
    priority: 1,
    copy: true,
    value: (row) => row.model,
  },
  {
    id: 'type',
    titleKey: 'billing.models.fields.type',
    priority: 3,
    chip: true,
    chipStyle: (row) => ({ tone: row.price.type === 'times' ? 'warning' : 'success' }),
    value: (row, ctx) => ctx.t(billingTypeKey(row)),
  },
  { id: 'owner', titleKey: 'billing.models.fields.owner', priority: 3, value: (row) => row.owner.name },
  {
    id: 'input',
    titleKey: 'billing.models.fields.input',
    priority: 1,
    value: (row, ctx) => groupPriceLines(row, 'input', ctx.t).join('; '),
  },
  {
    id: 'output',
    titleKey: 'billing.models.fields.output',
    priority: 2,
    value: (row, ctx) => groupPriceLines(row, 'output', ctx.t).join('; '),
  },
];

/** The screen for faces that page through `list`: the catalogue is read, filtered and paged per query. */
export const MODEL_CATALOGUE_SCREEN: ScreenDef<CatalogueRow> = {
  id: 'model_price',
  titleKey: 'billing.models.title',
  entity: 'available_models',
  rowKey: (row) => row.model,
  rowName: (row) => row.model,
  columns: MODEL_CATALOGUE_COLUMNS,
  list: async (client, screenQuery: ScreenQuery) => {
    const catalogue = await loadModelCatalogue(client);
    const params = new URLSearchParams(
      Object.entries(screenQuery).map(([key, value]) => [key, String(value)]),
    );
    const query = catalogueQueryFromParams(params, catalogue);
    const { rows, page, total } = pageOfCatalogue(filterCatalogue(catalogue, query), query);
    return {
      data: rows.map((model) => ({ ...model, allGroups: catalogue.groups, perMillion: query.unit === 'M' })),
      page,
      size: query.size,
      total_count: total,
    };
  },
  filters: CATALOGUE_FILTERS,
  defaultOrder: '',
  pageSizeKey: 'model_price',
  pageSizes: CATALOGUE_PAGE_SIZES,
  emptyKey: 'billing.models.empty',
  rowActions: [],
};
