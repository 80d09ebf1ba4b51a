// Command-line flags derived from a core form's field definitions (architecture §6): one flag per
// field, its parser chosen by the field's kind, its help from the field's label and help text.
import { readFileSync } from 'node:fs';
import { Option } from 'commander';
import type { FormFieldDef } from '@gw/core';
import { parseQuotaText } from '../input/quota.js';
import {
  parseDateTimeText,
  parseDecimalText,
  parseIntegerText,
  parseListText,
  parsePairsText,
} from '../input/values.js';
import type { CliContext } from '../runtime/context.js';
import { chooseOption, choicesHelp } from './choices.js';

/** `display_name` → `display-name`, `plugin.customize.chat` → `plugin-customize-chat`. */
export function flagWord(name: string): string {
  return name.replace(/[._]/g, '-');
}

/** One field offered as a flag: its option(s) for commander and how its typed text becomes a value. */
export interface FieldFlag<Values> {
  field: FormFieldDef<Values>;
  /** `--display-name` (or the spec's own name for it). */
  flag: string;
  options: Option[];
  /** The value typed for the field, or undefined when the flag was not given. */
  read(opts: Record<string, unknown>): unknown;
}

/** Text that may name a file (`@prices.json`) whose content is the value. */
function fileOrText(text: string): string {
  return text.startsWith('@') && text.length > 1 ? readFileSync(text.slice(1), 'utf8') : text;
}

function ratioMap(text: string, flag: string): Record<string, number> {
  const pairs = parsePairsText(text, flag);
  return Object.fromEntries(
    Object.entries(pairs).map(([name, value]) => [name, parseDecimalText(value, flag)]),
  );
}

/** Turns the typed text of a field into its value, by the field's kind; `sample` is the empty form's value. */
function parseFieldText<Values>(
  ctx: CliContext,
  field: FormFieldDef<Values>,
  flag: string,
  raw: unknown,
  sample: unknown,
): unknown {
  const texts = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  const text = texts.at(-1) ?? '';
  switch (field.kind) {
    case 'switch':
      return raw === true;
    case 'int':
      return parseIntegerText(text, flag);
    case 'quota':
      return parseQuotaText(text, flag);
    case 'decimal':
      return parseDecimalText(text, flag);
    case 'datetime':
      return parseDateTimeText(text, flag);
    case 'multi-select':
    case 'list':
      return parseListText(texts);
    case 'ratio-map':
      return ratioMap(fileOrText(text), flag);
    case 'key-value': {
      const value = fileOrText(text);
      return value.trim() === '' ? '' : JSON.stringify(parsePairsText(value, flag), null, 2);
    }
    case 'json':
    case 'textarea':
      return fileOrText(text);
    case 'select':
      // Fixed choices only: choices read from the server (groups, owners) are checked by the server.
      if (field.options?.length && !field.optionSource && !field.loadOptions && !field.freeText) {
        return chooseOption(ctx, flag, field.options, text);
      }
      return typeof sample === 'number' ? parseIntegerText(text, flag) : text;
    default:
      return text;
  }
}

/** The help line of a field: its label, its help, its choices when few, and whether it is required. */
function fieldHelp<Values>(ctx: CliContext, field: FormFieldDef<Values>, required: boolean): string {
  const parts = [ctx.t(field.labelKey)];
  if (field.helpKey) parts.push(ctx.t(field.helpKey));
  if (field.kind !== 'ratio-map') parts.push(choicesHelp(ctx, field.options) ?? '');
  if (field.kind === 'quota') parts.push(ctx.t('cli.flags.quota_format'));
  if (field.kind === 'datetime') parts.push(ctx.t('cli.flags.datetime_format'));
  if (field.kind === 'multi-select' || field.kind === 'list') parts.push(ctx.t('cli.flags.list_format'));
  if (field.kind === 'key-value' || field.kind === 'ratio-map') parts.push(ctx.t('cli.flags.pairs_format'));
  if (field.kind === 'json' || field.kind === 'textarea') parts.push(ctx.t('cli.flags.file_format'));
  if (required) parts.push(ctx.t('cli.flags.required'));
  return parts.filter((part) => part.trim() !== '').join(' · ');
}

const PLACEHOLDER: Partial<Record<FormFieldDef<unknown>['kind'], string>> = {
  int: '<n>',
  quota: '<amount>',
  decimal: '<number>',
  datetime: '<time>',
  'multi-select': '<list>',
  list: '<list>',
  json: '<json>',
  'key-value': '<pairs>',
  'ratio-map': '<pairs>',
};

/**
 * The flags of a form in one mode: each field that mode shows (by `only`; read-only fields are left
 * out when editing), once per name. `names` renames flags (`remain_quota` → `quota`).
 */
export function fieldFlags<Values>(
  ctx: CliContext,
  fields: readonly FormFieldDef<Values>[],
  mode: 'create' | 'edit',
  empty: Values,
  names: Partial<Record<string, string>> = {},
): FieldFlag<Values>[] {
  const seen = new Set<string>();
  const flags: FieldFlag<Values>[] = [];
  for (const field of fields) {
    if (field.only && field.only !== mode) continue;
    if (mode === 'edit' && field.readOnlyOnEdit) continue;
    if (seen.has(field.name)) continue;
    seen.add(field.name);
    const word = names[field.name] ?? flagWord(field.name);
    const flag = `--${word}`;
    const help = fieldHelp(ctx, field, mode === 'create' && field.required === true);
    const sample = (empty as Record<string, unknown>)[field.name];
    if (field.kind === 'switch') {
      const on = new Option(flag, help);
      const off = new Option(`--no-${word}`, ctx.t('cli.flags.negate', { flag })).hideHelp();
      flags.push({
        field,
        flag,
        options: [on, off],
        read: (opts) => {
          const value = opts[on.attributeName()];
          return value === undefined ? undefined : value === true;
        },
      });
      continue;
    }
    const repeatable = field.kind === 'multi-select' || field.kind === 'list';
    const placeholder = PLACEHOLDER[field.kind] ?? '<text>';
    const option = new Option(`${flag} ${placeholder}`, help);
    // A list flag may be repeated (`--models a --models b`) as well as comma-separated.
    if (repeatable)
      option.argParser((value: string, previous: unknown) => [...((previous as string[]) ?? []), value]);
    flags.push({
      field,
      flag,
      options: [option],
      read: (opts) => {
        const raw = opts[option.attributeName()];
        return raw === undefined ? undefined : parseFieldText(ctx, field, flag, raw, sample);
      },
    });
  }
  return flags;
}
