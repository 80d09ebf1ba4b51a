// The model info screen (console-screens §19): the whole catalogue searched and paged in core, the
// model form (lists of modalities and tags entered as chips) and delete. The bulk import's rules are
// in model-info-import.ts.
import { z } from 'zod';
import { type FormDef, pageLocally, type ScreenDef } from '../../screens/screen-model.js';
import {
  createModelInfo,
  deleteModelInfo,
  listModelInfo,
  listModelsWithoutInfo,
  updateModelInfo,
} from './model-info.api.js';
import { MODEL_INFO_COLUMNS } from './model-info.fields.js';
import {
  MODALITIES,
  type ModelInfo,
  type ModelInfoCreateInput,
  type ModelInfoUpdateInput,
  modelInfoCreateSchema,
  parseJsonStringList,
} from './model-info.schema.js';

/** What the model info form edits; the list fields as lists (the wire keeps JSON array strings). */
export interface ModelInfoValues {
  model: string;
  name: string;
  description: string;
  context_length: number;
  max_tokens: number;
  input_modalities: string[];
  output_modalities: string[];
  tags: string[];
}

export type ModelInfoFormInput = ModelInfoCreateInput | ModelInfoUpdateInput;

/** A new model's form starts at 128 000 tokens of context and 4 096 of output (console-screens §19). */
export const MODEL_INFO_FORM_CONTEXT = 128_000;
export const MODEL_INFO_FORM_MAX_TOKENS = 4_096;

const LIST_FIELDS = ['input_modalities', 'output_modalities', 'tags'] as const;
const shape = modelInfoCreateSchema.shape;

/** The form's rules are the wire's: each list is checked as the server checks its JSON string. */
const modelInfoValuesSchema = z
  .object({
    model: shape.model,
    name: shape.name,
    description: shape.description.unwrap(),
    context_length: shape.context_length.unwrap(),
    max_tokens: shape.max_tokens.unwrap(),
    input_modalities: z.array(z.string()),
    output_modalities: z.array(z.string()),
    tags: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    for (const field of LIST_FIELDS) {
      const result = shape[field].safeParse(values[field]);
      for (const issue of result.success ? [] : result.error.issues) {
        ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    }
  });

/** A stored list: its strings, or the text itself when one-hub kept plain text. */
const listOf = (text: string) => parseJsonStringList(text) ?? (text ? [text] : []);

const isUpdate = (input: ModelInfoFormInput): input is ModelInfoUpdateInput => 'id' in input;

const modalityOptions = MODALITIES.map((modality) => ({ value: modality, label: modality }));

export const MODEL_INFO_FORM: FormDef<ModelInfo, ModelInfoValues, ModelInfoFormInput> = {
  fields: [
    {
      name: 'model',
      kind: 'text',
      labelKey: 'model_info.fields.model',
      helpKey: 'model_info.form.model_help',
      required: true,
      // The models with a price or a channel and no info yet; any other id may be typed.
      loadOptions: async (client) =>
        (await listModelsWithoutInfo(client)).map((model) => ({ value: model, label: model })),
      freeText: true,
    },
    { name: 'name', kind: 'text', labelKey: 'model_info.fields.name', required: true },
    { name: 'description', kind: 'textarea', labelKey: 'model_info.fields.description' },
    { name: 'context_length', kind: 'int', labelKey: 'model_info.fields.context_length', required: true },
    { name: 'max_tokens', kind: 'int', labelKey: 'model_info.fields.max_tokens', required: true },
    {
      name: 'input_modalities',
      kind: 'list',
      labelKey: 'model_info.fields.input_modalities',
      options: modalityOptions,
      freeText: true,
    },
    {
      name: 'output_modalities',
      kind: 'list',
      labelKey: 'model_info.fields.output_modalities',
      options: modalityOptions,
      freeText: true,
    },
    {
      name: 'tags',
      kind: 'list',
      labelKey: 'model_info.fields.tags',
      helpKey: 'model_info.form.tags_help',
      freeText: true,
    },
  ],
  schema: modelInfoValuesSchema,
  empty: () => ({
    model: '',
    name: '',
    description: '',
    context_length: MODEL_INFO_FORM_CONTEXT,
    max_tokens: MODEL_INFO_FORM_MAX_TOKENS,
    input_modalities: ['text'],
    output_modalities: ['text'],
    tags: [],
  }),
  fromRow: (info) => ({
    model: info.model,
    name: info.name,
    description: info.description,
    context_length: info.context_length,
    max_tokens: info.max_tokens,
    input_modalities: listOf(info.input_modalities),
    output_modalities: listOf(info.output_modalities),
    tags: listOf(info.tags),
  }),
  // An edit keeps the support links the form does not show.
  toInput: (values, info) =>
    info ? { ...values, id: info.id, support_url: info.support_url } : { ...values },
  create: (client, input) => createModelInfo(client, input),
  update: (client, input) => {
    if (!isUpdate(input)) throw new TypeError('a model info update needs its id');
    return updateModelInfo(client, input);
  },
  doneKey: 'model_info.saved',
  // Each model has one entry: a new id (or a changed one) may not be described already.
  check: async (client, values, info) => {
    const model = values.model.trim();
    if (info && info.model === model) return {};
    const taken = (await listModelInfo(client)).some((other) => other.model === model);
    return taken ? { model: 'model_info.errors.model_taken' } : {};
  },
};

export const MODEL_INFO_SCREEN: ScreenDef<ModelInfo, ModelInfoValues, ModelInfoFormInput> = {
  id: 'model_info',
  titleKey: 'model_info.title',
  entity: 'model_info',
  rowKey: (info) => info.id,
  rowName: (info) => info.model,
  columns: MODEL_INFO_COLUMNS,
  list: async (client, query) =>
    pageLocally(await listModelInfo(client), query, (info) => [
      info.model,
      info.name,
      ...listOf(info.input_modalities),
      ...listOf(info.output_modalities),
      ...listOf(info.tags),
    ]),
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'model_info.filters.keyword_placeholder',
    },
  ],
  // The API answers newest first; no order keeps it.
  defaultOrder: '',
  pageSizeKey: 'model_info',
  emptyKey: 'model_info.empty',
  rowActions: [
    {
      id: 'delete',
      labelKey: 'common.delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'model_info.confirm_delete',
      run: async (client, infos) => {
        for (const info of infos) await deleteModelInfo(client, info.id);
      },
      doneKey: 'model_info.deleted',
    },
  ],
  form: MODEL_INFO_FORM,
  editable: true,
};
