// The admin price screens (console-screens §17) described once: one price per model (single tab) and
// models sharing a price (multiple tab), both from the whole list the server sends, filtered and paged
// here; their editors share the type, owner, ratios, lock and extra-ratio fields.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import {
  type FieldOption,
  type FormDef,
  type FormFieldDef,
  pageLocally,
  type ScreenDef,
  type ScreenQuery,
  deleteAction,
} from '../../screens/screen-model.js';
import { EXTRA_USAGE_KIND_NAMES, extraUsageKindKey } from './extra-ratios.js';
import { groupPrices, type PriceGroup } from './price-groups.js';
import {
  createPrice,
  deletePrice,
  deletePrices,
  listPrices,
  setPriceBatch,
  updatePrice,
} from './prices.api.js';
import { PRICE_COLUMNS } from './prices.fields.js';
import {
  PRICE_MODEL_MAX,
  PRICE_RATIO_MAX,
  PRICE_TYPES,
  type Price,
  type PriceBatchInput,
  type PriceInput,
  isValidPriceModel,
} from './prices.schema.js';

/** The fields every price editor has. */
interface PriceCommon {
  type: 'tokens' | 'times';
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

/** The stored prices; the server answers "no data" (not an empty list) when there are none. */
async function storedPrices(client: ApiClient): Promise<Price[]> {
  try {
    return await listPrices(client);
  } catch (error) {
    if (error instanceof GwApiError && error.code === 'NOT_FOUND') return [];
    throw error;
  }
}

const TYPE_OPTIONS: FieldOption[] = PRICE_TYPES.map((type) => ({
  value: type,
  labelKey: `prices.type.${type}`,
}));
const EXTRA_OPTIONS: FieldOption[] = EXTRA_USAGE_KIND_NAMES.map((kind) => ({
  value: kind,
  labelKey: extraUsageKindKey(kind),
}));

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
      name: 'input',
      kind: 'decimal',
      labelKey: 'prices.fields.input',
      labelFor: (values) => (values.type === 'times' ? 'prices.form.per_call' : undefined),
      helpKey: 'prices.form.ratio_help',
      required: true,
    },
    {
      name: 'output',
      kind: 'decimal',
      labelKey: 'prices.fields.output',
      visible: (values) => values.type === 'tokens',
      required: true,
    },
    { name: 'locked', kind: 'switch', labelKey: 'prices.fields.locked', helpKey: 'prices.form.locked_help' },
    {
      name: 'extra_ratios',
      kind: 'ratio-map',
      labelKey: 'prices.fields.extra_ratios',
      options: EXTRA_OPTIONS,
    },
  ];
}

/** The price body of the shared fields (a per-call price has no output). */
function priceOf(values: PriceCommon) {
  return {
    type: values.type,
    channel_type: values.channel_type,
    input: values.input,
    output: values.type === 'times' ? 0 : values.output,
    locked: values.locked,
    extra_ratios: { ...values.extra_ratios },
  };
}

const emptyCommon = (): PriceCommon => ({
  type: 'tokens',
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
] as const satisfies ScreenDef<Price>['filters'];

/** Whether a price (or a group of them) passes the type, owner and lock filters. */
function passes(price: PriceCommon, query: ScreenQuery): boolean {
  if (query.type && price.type !== query.type) return false;
  if (query.channel_type && price.channel_type !== Number(query.channel_type)) return false;
  if (query.locked && String(price.locked) !== String(query.locked)) return false;
  return true;
}

export const PRICE_FORM: FormDef<Price, PriceFormValues, PriceInput> = {
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
  fromRow: (price) => ({
    model: price.model,
    type: price.type === 'times' ? 'times' : 'tokens',
    channel_type: price.channel_type,
    input: price.input,
    output: price.output,
    locked: price.locked,
    extra_ratios: { ...(price.extra_ratios ?? {}) },
  }),
  toInput: (values) => ({ model: values.model.trim(), ...priceOf(values) }),
  create: (client, input) => createPrice(client, input),
  update: (client, input, row) => updatePrice(client, row.model, input),
};

export const PRICE_SCREEN: ScreenDef<Price, PriceFormValues, PriceInput> = {
  id: 'pricing',
  tab: { id: 'single', labelKey: 'prices.tabs.single' },
  titleKey: 'prices.title',
  entity: 'prices',
  rowKey: (price) => price.model,
  rowName: (price) => price.model,
  columns: PRICE_COLUMNS,
  list: async (client, query) =>
    pageLocally(
      (await storedPrices(client)).filter((price) => passes(price as PriceCommon, query)),
      query,
      (price) => [price.model, String(price.channel_type)],
    ),
  filters: PRICE_FILTERS,
  defaultOrder: 'model',
  pageSizeKey: 'pricing',
  rowActions: [
    deleteAction<Price>('prices.confirm.delete', 'prices.messages.deleted', (client, price) =>
      deletePrice(client, price.model),
    ),
  ],
  form: PRICE_FORM,
  editable: true,
};

export const PRICE_GROUP_FORM: FormDef<PriceGroup, PriceGroupFormValues, PriceBatchInput> = {
  fields: [
    {
      name: 'models',
      kind: 'multi-select',
      labelKey: 'prices.fields.models',
      optionSource: 'models',
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
  fromRow: (group) => ({
    models: [...group.models],
    type: group.type === 'times' ? 'times' : 'tokens',
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

/** The columns of a group row: its shared price and its models (§17.2). */
const GROUP_COLUMNS: ScreenDef<PriceGroup>['columns'] = [
  {
    id: 'type',
    titleKey: 'prices.fields.type',
    priority: 1,
    value: (group, ctx) =>
      `${ctx.t(`prices.type.${group.type}`)} · ${group.channel_type}${group.locked ? ` · ${ctx.t('prices.locked')}` : ''}`,
  },
  {
    id: 'price',
    titleKey: 'prices.fields.price',
    priority: 1,
    value: (group) => (group.type === 'times' ? String(group.input) : `${group.input} / ${group.output}`),
  },
  {
    id: 'models',
    titleKey: 'prices.fields.models',
    priority: 1,
    value: (group) => `${group.models.length}: ${group.models.join(', ')}`,
  },
  {
    id: 'extra_ratios',
    titleKey: 'prices.fields.extra_ratios',
    priority: 3,
    value: (group, ctx) =>
      Object.entries(group.extra_ratios)
        .map(([kind, value]) => `${ctx.t(extraUsageKindKey(kind))} ${value}`)
        .join(', ') || '-',
  },
];

export const PRICE_GROUP_SCREEN: ScreenDef<PriceGroup, PriceGroupFormValues, PriceBatchInput> = {
  id: 'pricing',
  tab: { id: 'multiple', labelKey: 'prices.tabs.multiple' },
  titleKey: 'prices.title',
  entity: 'prices',
  rowKey: (group) => group.key,
  rowName: (group) => group.models.join(', '),
  columns: GROUP_COLUMNS,
  list: async (client, query) =>
    pageLocally(
      groupPrices(await storedPrices(client)).filter((group) => passes(group as PriceCommon, query)),
      query,
      (group) => [...group.models, String(group.channel_type)],
    ),
  filters: PRICE_FILTERS,
  defaultOrder: '',
  pageSizeKey: 'pricing_multiple',
  rowActions: [
    deleteAction<PriceGroup>('prices.confirm.delete_group', 'prices.messages.deleted', (client, group) =>
      deletePrices(client, group.models),
    ),
  ],
  form: PRICE_GROUP_FORM,
  editable: true,
};
