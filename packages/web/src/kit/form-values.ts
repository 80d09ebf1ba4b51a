// How form values of each field kind are held while typed (text in inputs) and read back for the
// schema. Plain functions so the mapping is tested without a browser.
import {
  type FieldKind,
  formatQuotaInput,
  isKeyValueJson,
  type KeyValueRow,
  keyValueRowsFromJson,
  keyValueRowsToJson,
  parseQuotaInput,
  type QuotaDisplay,
} from '@gw/core';
import { localInputOf } from './local-time';

/** The text or value an input holds for each field while the form is open. */
export type Draft = Record<string, unknown>;

const TEXT_KINDS: readonly FieldKind[] = ['int', 'quota', 'decimal', 'json', 'datetime'];

/**
 * A key-value field while typed: its rows, or (edited as JSON, or stored text the rows cannot show)
 * its JSON text.
 */
export interface KeyValueDraft {
  rows: KeyValueRow[];
  json?: string;
}

/** A value as its input shows it: numbers and JSON as text, quota in the display unit. */
export function toDraftValue(kind: FieldKind, value: unknown, quota: QuotaDisplay): unknown {
  if (kind === 'key-value') {
    const text = typeof value === 'string' ? value : '';
    return isKeyValueJson(text)
      ? ({ rows: keyValueRowsFromJson(text) } satisfies KeyValueDraft)
      : ({ rows: [], json: text } satisfies KeyValueDraft);
  }
  if (kind === 'ratio-map')
    return Object.fromEntries(
      Object.entries((value as Record<string, unknown>) ?? {}).map(([k, v]) => [k, String(v)]),
    );
  if (!TEXT_KINDS.includes(kind)) return value;
  if (value === undefined || value === null || value === '') return '';
  // Core's one reading and writing of a typed quota (`$2.5`, `¥35`, `100 points`), as the TUI has it.
  if (kind === 'quota' && typeof value === 'number') return formatQuotaInput(value, quota);
  if (kind === 'datetime' && typeof value === 'number') return localInputOf(value);
  if (kind === 'json' && typeof value !== 'string') return JSON.stringify(value, null, 2);
  return String(value);
}

/** Thrown when a JSON field holds text that does not parse; names the field. */
export class DraftJsonError extends Error {
  constructor(readonly field: string) {
    super(`invalid JSON in ${field}`);
  }
}

/** Thrown when a quota field holds text core's parseQuotaInput refuses; carries its i18n key. */
export class DraftQuotaError extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
    readonly params: Record<string, unknown>,
  ) {
    super(`${key} in ${field}`);
  }
}

/**
 * A typed value back from its input: numbers parsed (NaN when not a number, so the schema refuses
 * it), quota converted from the display unit to points, a JSON field parsed when its value was not text.
 */
export function fromDraftValue(
  field: { kind: FieldKind; name: string; signed?: boolean },
  text: unknown,
  original: unknown,
  quota: QuotaDisplay,
): unknown {
  const kind = field.kind;
  if (kind === 'key-value') {
    const draft = (text ?? { rows: [] }) as KeyValueDraft;
    // JSON as typed goes to the schema, which names what is wrong with it.
    return draft.json !== undefined ? draft.json.trim() : keyValueRowsToJson(draft.rows);
  }
  if (kind === 'ratio-map')
    return Object.fromEntries(
      Object.entries((text as Record<string, string>) ?? {}).map(([name, ratio]) => [
        name,
        String(ratio).trim() === '' ? Number.NaN : Number(ratio),
      ]),
    );
  if (!TEXT_KINDS.includes(kind)) return text;
  const raw = String(text ?? '').trim();
  if (kind === 'json') {
    if (typeof original === 'string') return raw;
    if (raw === '') return original;
    try {
      return JSON.parse(raw);
    } catch {
      throw new DraftJsonError(field.name);
    }
  }
  if (kind === 'datetime') return raw === '' ? 0 : Math.floor(new Date(raw).getTime() / 1000);
  // A number left empty that had no value stays unset (an owner's id the server picks).
  if (raw === '' && original === undefined) return undefined;
  if (kind === 'quota') {
    if (raw === '') return Number.NaN;
    const read = parseQuotaInput(raw, { display: quota, plain: 'display', signed: field.signed });
    if (!read.ok) throw new DraftQuotaError(field.name, read.key, read.params);
    return read.points;
  }
  return raw === '' ? Number.NaN : Number(raw);
}
