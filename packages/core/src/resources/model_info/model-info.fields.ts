import type { ChipTone } from '../../format/chips.js';
import type { ColumnDef } from '../../format/columns.js';
import { thousands } from '../../format/quota.js';
import { type ModelInfo, parseJsonStringList } from './model-info.schema.js';

const items = (text: string) => parseJsonStringList(text) ?? (text ? [text] : []);
const list = (text: string) => items(text).join(', ');

/** A modality's colour (console-screens C.3): audio amber, image blue, music red, text green, video grey. */
export function modalityTone(modality: string): ChipTone {
  const tones: Record<string, ChipTone> = {
    audio: 'warning',
    image: 'primary',
    music: 'error',
    text: 'success',
  };
  return tones[modality] ?? 'default';
}

const modalityChips = (text: string) =>
  items(text).map((modality) => ({ text: modality, tone: modalityTone(modality) }));

/** The model info table's columns (console-screens §19). */
export const MODEL_INFO_COLUMNS: readonly ColumnDef<ModelInfo>[] = [
  {
    id: 'model',
    titleKey: 'model_info.fields.model',
    priority: 1,
    chip: true,
    chipStyle: () => ({ tone: 'success' }),
    copy: true,
    value: (info) => info.model,
  },
  { id: 'name', titleKey: 'model_info.fields.name', priority: 1, value: (info) => info.name },
  {
    id: 'context_length',
    titleKey: 'model_info.fields.context_length',
    priority: 3,
    value: (info) => thousands(info.context_length),
  },
  {
    id: 'max_tokens',
    titleKey: 'model_info.fields.max_tokens',
    priority: 3,
    value: (info) => thousands(info.max_tokens),
  },
  {
    id: 'input_modalities',
    titleKey: 'model_info.fields.input_modalities',
    priority: 4,
    chips: (info) => modalityChips(info.input_modalities),
    value: (info) => list(info.input_modalities),
  },
  {
    id: 'output_modalities',
    titleKey: 'model_info.fields.output_modalities',
    priority: 4,
    chips: (info) => modalityChips(info.output_modalities),
    value: (info) => list(info.output_modalities),
  },
  {
    id: 'tags',
    titleKey: 'model_info.fields.tags',
    priority: 5,
    chips: (info) => items(info.tags).map((tag) => ({ text: tag, tone: 'default' as const })),
    value: (info) => list(info.tags),
  },
];
