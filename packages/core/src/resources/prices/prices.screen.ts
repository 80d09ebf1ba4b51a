// The admin price screens (console-screens §17) described once: one price per model (single tab) and
// models sharing a price (multiple tab), both from the whole list the server sends, filtered and paged
// here; their editors share the type, owner, ratios, lock and extra-ratio fields.
import { z } from 'zod';
import {
  type FieldOption,
  type FormDef,
  type FormFieldDef,
  pageLocally,
  type ScreenDef,
  type ScreenQuery,
  deleteAction,
} from '../../screens/screen-model.js';
import { EXTRA_USAGE_KINDS, EXTRA_USAGE_KIND_NAMES, extraUsageKindKey } from './extra-ratios.js';
import { groupPrices, type PriceGroup } from './price-groups.js';
import {
  createPrice,
  deletePrice,
  deletePrices,
  listOwnerNames,
  listStoredPrices,
  listUnpricedModels,
  setPriceBatch,
  updatePrice,
} from './prices.api.js';
import { PRICE_COLUMNS, PRICE_GROUP_COLUMNS, type PriceGroupRow, type PriceRow } from './prices.fields.js';
import {
  convertEntry,
  entryEquivalent,
  PRICE_ENTRY_UNITS,
  PRICE_SCALES,
  type PriceEntry,
  type PriceEntryUnit,
  type PriceScale,
  ratioFromEntry,
} from './price-units.js';
import {
  PRICE_MODEL_MAX,
  PRICE_RATIO_MAX,
  PRICE_TYPES,
  type Price,
  type PriceBatchInput,
  type PriceInput,
  isValidPriceModel,
} from './prices.schema.js';

/** The fields every price editor has; input and output are typed in `unit` per `scale`. */
interface PriceCommon {
  type: 'tokens' | 'times';
  unit: PriceEntryUnit;
  scale: PriceScale;
  channel_type: number;
  input: number;
  output: number;
  locked: boolean;
  extra_ratios: Record<string, number>;
}
export interface PriceFormValues extends PriceCommon {
  model: string;
}
export interface PriceGroupFormValues extends PriceCommon {
  models: string[];
}

const TYPE_OPTIONS: FieldOption[] = PRICE_TYPES.map((type) => ({
  value: type,
  labelKey: `prices.type.${type}`,
}));
// Each extra ratio shows which side of the bill it weighs: prompt (in) or completion (out).
const EXTRA_OPTIONS: FieldOption[] = EXTRA_USAGE_KIND_NAMES.map((kind) => ({
  value: kind,
  labelKey: extraUsageKindKey(kind),
  icon: EXTRA_USAGE_KINDS[kind].side === 'prompt' ? 'log-in' : 'log-out',
}));

const UNIT_OPTIONS: FieldOption[] = PRICE_ENTRY_UNITS.map((unit) => ({
  value: unit,
  labelKey: `prices.units.${unit}`,
}));
const SCALE_OPTIONS: FieldOption[] = PRICE_SCALES.map((scale) => ({
  value: scale,
  labelKey: `prices.units.scale_${scale}`,
}));

/** How an editor's amounts are typed, from its values (as typed or checked). */
function entryOf(values: Pick<PriceCommon, 'unit' | 'scale' | 'type'>): PriceEntry {
  return { unit: values.unit, scale: values.scale, perCall: values.type === 'times' };
}

/** On a unit or scale change, the amounts are re-expressed so the price they stand for stays the same. */
function reexpress<Values extends PriceCommon>(next: Values, previous: Values): Partial<Values> {
  if (next.unit === previous.unit && next.scale === previous.scale) return {};
  const from = entryOf(previous);
  const to = entryOf(next);
  return {
    input: convertEntry(String(previous.input ?? ''), from, to),
    output: convertEntry(String(previous.output ?? ''), from, to),
  } as unknown as Partial<Values>;
}

/** The stored ratio of an amount as the editor checked it (a number in its unit). */
function ratioOf(amount: number, values: PriceCommon): number {
  return ratioFromEntry(amount, entryOf(values)) ?? Number.NaN;
}

const ratio = z
  .number({ message: 'validation.invalid_type' })
  .min(0, 'validation.min_zero')
  .max(PRICE_RATIO_MAX, 'validation.too_large');
const modelName = z
  .string()
  .min(1, 'validation.required')
  .max(PRICE_MODEL_MAX, 'validation.max_length')
  .refine(isValidPriceModel, { message: 'prices.errors.wildcard' });
const commonShape = {
  type: z.enum(PRICE_TYPES, { message: 'prices.errors.type' }),
  unit: z.enum(PRICE_ENTRY_UNITS, { message: 'prices.errors.unit' }),
  scale: z.enum(PRICE_SCALES, { message: 'prices.errors.unit' }),
  channel_type: z.number().int('validation.integer').min(1, 'prices.errors.channel_type'),
  input: ratio,
  output: ratio,
  locked: z.boolean(),
  extra_ratios: z.record(z.string(), ratio),
};

function commonFields<Values extends PriceCommon>(): FormFieldDef<Values>[] {
  return [
    { name: 'type', kind: 'select', labelKey: 'prices.fields.type', options: TYPE_OPTIONS, required: true },
    {
      name: 'channel_type',
      kind: 'select',
      labelKey: 'prices.fields.channel_type',
      optionSource: 'model_owners',
      required: true,
    },
    {
      name: 'unit',
      kind: 'select',
      labelKey: 'prices.units.unit',
      options: UNIT_OPTIONS,
    },
    {
      name: 'scale',
      kind: 'select',
      labelKey: 'prices.units.scale',
      options: SCALE_OPTIONS,
      // Per-call prices are not per token: no K/M.
      visible: (values) => values.type === 'tokens' && values.unit !== 'rate',
    },
    {
      name: 'input',
      kind: 'decimal',
      labelKey: 'prices.fields.input',
      labelFor: (values) => (values.type === 'times' ? 'prices.form.per_call' : undefined),
      helpKey: 'prices.form.ratio_help',
      suffixFor: (values, t) => entryEquivalent(values.input, entryOf(values), t),
      required: true,
    },
    {
      name: 'output',
      kind: 'decimal',
      labelKey: 'prices.fields.output',
      visible: (values) => values.type === 'tokens',
      suffixFor: (values, t) => entryEquivalent(values.output, entryOf(values), t),
      required: true,
    },
    { name: 'locked', kind: 'switch', labelKey: 'prices.fields.locked', helpKey: 'prices.form.locked_help' },
    {
      name: 'extra_ratios',
      kind: 'ratio-map',
      labelKey: 'prices.fields.extra_ratios',
      helpKey: 'prices.form.extra_help',
      placeholderKey: 'prices.form.extra_empty',
      options: EXTRA_OPTIONS,
    },
  ];
}

/** The price body of the shared fields, amounts as ratios (a per-call price has no output). */
function priceOf(values: PriceCommon) {
  return {
    type: values.type,
    channel_type: values.channel_type,
    input: ratioOf(values.input, values),
    output: values.type === 'times' ? 0 : ratioOf(values.output, values),
    locked: values.locked,
    extra_ratios: { ...values.extra_ratios },
  };
}

const emptyCommon = (): PriceCommon => ({
  type: 'tokens',
  unit: 'rate',
  scale: 'K',
  channel_type: 1,
  input: 0,
  output: 0,
  locked: false,
  extra_ratios: {},
});

/** The filters both tabs offer over the whole list (§17.1 toolbar). */
const PRICE_FILTERS = [
  { name: 'keyword', kind: 'keyword', labelKey: 'prices.filters.search' },
  {
    name: 'type',
    kind: 'select',
    labelKey: 'prices.fields.type',
    options: [{ value: '', labelKey: 'common.all' }, ...TYPE_OPTIONS],
  },
  {
    name: 'channel_type',
    kind: 'select',
    labelKey: 'prices.fields.channel_type',
    optionSource: 'model_owners',
  },
  {
    name: 'locked',
    kind: 'select',
    labelKey: 'prices.fields.locked',
    options: [
      { value: '', labelKey: 'common.all' },
      { value: 'true', labelKey: 'prices.locked' },
      { value: 'false', labelKey: 'prices.unlocked' },
    ],
  },
  {
    name: 'scale',
    kind: 'select',
    labelKey: 'prices.units.scale',
    options: [
      { value: '', labelKey: 'prices.units.scale_K' },
      { value: 'M', labelKey: 'prices.units.scale_M' },
    ],
  },
] as const satisfies ScreenDef<Price>['filters'];

/** Whether a price (or a group of them) passes the type, owner and lock filters. */
function passes(price: PriceCommon, query: ScreenQuery): boolean {
  if (query.type && price.type !== query.type) return false;
  if (query.channel_type && price.channel_type !== Number(query.channel_type)) return false;
  if (query.locked && String(price.locked) !== String(query.locked)) return false;
  return true;
}

export const PRICE_FORM: FormDef<PriceRow, PriceFormValues, PriceInput> = {
  fields: [
    {
      name: 'model',
      kind: 'text',
      labelKey: 'prices.fields.model',
      helpKey: 'prices.form.model_help',
      required: true,
    },
    ...commonFields<PriceFormValues>(),
  ],
  schema: z.object({ model: modelName, ...commonShape }) as unknown as z.ZodType<PriceFormValues>,
  empty: () => ({ model: '', ...emptyCommon() }),
  changed: reexpress,
  fromRow: (price) => ({
    model: price.model,
    type: price.type === 'times' ? 'times' : 'tokens',
    unit: 'rate',
    scale: 'K',
    channel_type: price.channel_type,
    input: price.input,
    output: price.output,
    locked: price.locked,
    extra_ratios: { ...(price.extra_ratios ?? {}) },
  }),
  toInput: (values) => ({ model: values.model.trim(), ...priceOf(values) }),
  // Each model has one price: a new name (or a rename) may not be one already priced.
  check: async (client, values, row) => {
    const model = values.model.trim();
    if (row && row.model === model) return {};
    const taken = (await listStoredPrices(client)).some((price) => price.model === model);
    return taken ? { model: 'prices.errors.model_taken' } : {};
  },
  create: (client, input) => createPrice(client, input),
  update: (client, input, row) => updatePrice(client, row.model, input),
};

/** Prices with their owners' names and the list's K/M choice, for the columns. */
async function shownRows<Row extends PriceCommon>(
  client: Parameters<typeof listOwnerNames>[0],
  rows: readonly Row[],
  query: ScreenQuery,
): Promise<(Row & { owner_name: string; per_million: boolean })[]> {
  const owners = await listOwnerNames(client);
  return rows.map((row) => ({
    ...row,
    owner_name: owners.get(row.channel_type) ?? '',
    per_million: query.scale === 'M',
  }));
}

export const PRICE_SCREEN: ScreenDef<PriceRow, PriceFormValues, PriceInput> = {
  id: 'pricing',
  tab: { id: 'single', labelKey: 'prices.tabs.single' },
  titleKey: 'prices.title',
  entity: 'prices',
  rowKey: (price) => price.model,
  rowName: (price) => price.model,
  columns: PRICE_COLUMNS,
  noticeKey: 'prices.notice',
  list: async (client, query) =>
    pageLocally(
      (await shownRows(client, (await listStoredPrices(client)) as (Price & PriceCommon)[], query)).filter(
        (price) => passes(price, query),
      ) as PriceRow[],
      query,
      (price) => [price.model, price.owner_name, String(price.channel_type)],
    ),
  filters: PRICE_FILTERS,
  defaultOrder: 'model',
  pageSizeKey: 'pricing',
  pageSizes: [20, 50, 100],
  // Page numbers and "Total: n", only when there is more than one page (§17.1).
  pager: 'numbered',
  rowActions: [
    deleteAction<PriceRow>('prices.confirm.delete', 'prices.messages.deleted', (client, price) =>
      deletePrice(client, price.model),
    ),
  ],
  form: PRICE_FORM,
  editable: true,
};

export const PRICE_GROUP_FORM: FormDef<PriceGroupRow, PriceGroupFormValues, PriceBatchInput> = {
  fields: [
    {
      name: 'models',
      kind: 'multi-select',
      labelKey: 'prices.fields.models',
      // The models in use that no price covers yet; any other name (or a `prefix*`) may be typed.
      loadOptions: async (client) =>
        (await listUnpricedModels(client)).map((model) => ({ value: model, label: model })),
      freeText: true,
      helpKey: 'prices.form.model_help',
      required: true,
    },
    ...commonFields<PriceGroupFormValues>(),
  ],
  schema: z
    .object({ models: z.array(modelName).min(1, 'prices.errors.models_required'), ...commonShape })
    .superRefine((values, ctx) => {
      const seen = new Set<string>();
      values.models.forEach((model, index) => {
        if (seen.has(model)) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', index],
            message: 'prices.errors.repeated',
            params: { model },
          });
        }
        seen.add(model);
      });
    }) as unknown as z.ZodType<PriceGroupFormValues>,
  empty: () => ({ models: [], ...emptyCommon() }),
  changed: reexpress,
  fromRow: (group) => ({
    models: [...group.models],
    type: group.type === 'times' ? 'times' : 'tokens',
    unit: 'rate',
    scale: 'K',
    channel_type: group.channel_type,
    input: group.input,
    output: group.output,
    locked: group.locked,
    extra_ratios: { ...group.extra_ratios },
  }),
  toInput: (values, group) => ({
    original_models: group ? [...group.models] : [],
    models: values.models.map((model) => model.trim()),
    price: { model: 'batch', ...priceOf(values) },
  }),
  create: (client, input) => setPriceBatch(client, input),
  update: (client, input) => setPriceBatch(client, input),
};

export const PRICE_GROUP_SCREEN: ScreenDef<PriceGroupRow, PriceGroupFormValues, PriceBatchInput> = {
  id: 'pricing',
  tab: { id: 'multiple', labelKey: 'prices.tabs.multiple' },
  titleKey: 'prices.title',
  entity: 'prices',
  rowKey: (group) => group.key,
  rowName: (group) => group.models.join(', '),
  columns: PRICE_GROUP_COLUMNS,
  list: async (client, query) =>
    pageLocally(
      (
        await shownRows(
          client,
          groupPrices(await listStoredPrices(client)) as (PriceGroup & PriceCommon)[],
          query,
        )
      ).filter((group) => passes(group, query)) as PriceGroupRow[],
      query,
      (group) => [...group.models, group.owner_name, String(group.channel_type)],
    ),
  filters: PRICE_FILTERS,
  defaultOrder: '',
  pageSizeKey: 'pricing_multiple',
  pageSizes: [10, 20, 50],
  // Page numbers and "Total: n", only when there is more than one page (§17.1).
  pager: 'numbered',
  rowActions: [
    deleteAction<PriceGroupRow>('prices.confirm.delete_group', 'prices.messages.deleted', (client, group) =>
      deletePrices(client, group.models),
    ),
  ],
  form: PRICE_GROUP_FORM,
  editable: true,
};
