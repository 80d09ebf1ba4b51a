// How form values of each field kind are held while typed in the terminal (text for anything typed,
// booleans for switches, arrays for multi-selects) and read back for the schema. Plain functions so
// the mapping is tested without a terminal. Mirrors the web kit's draft rules (quota in the display
// unit, JSON as text) so both faces check the same values against the same schema.
import {
  type FieldKind,
  formatQuotaInput,
  formatTimestamp,
  parseQuotaInput,
  type QuotaDisplay,
} from '@gw/core';

/** The values of an open form as typed, by field name. */
export type Draft = Record<string, unknown>;

/** Kinds typed as one string. */
const TEXT_KINDS: readonly FieldKind[] = [
  'text',
  'password',
  'textarea',
  'int',
  'quota',
  'decimal',
  'json',
  'datetime',
  'list',
  'ratio-map',
  // A key-value field is its JSON text here (the web edits it as rows).
  'key-value',
];

export function isTextKind(kind: FieldKind): boolean {
  return TEXT_KINDS.includes(kind);
}

/** `YYYY-MM-DD HH:mm` local time; '' for 0 or less (never). */
export function datetimeText(seconds: number): string {
  return seconds > 0 ? formatTimestamp(seconds).slice(0, 16) : '';
}

/** Unix seconds of a local `YYYY-MM-DD HH:mm[:ss]`; 0 for '' and NaN for text that is no date. */
export function datetimeSeconds(text: string): number {
  const raw = text.trim();
  if (raw === '') return 0;
  const time = new Date(raw.replace(' ', 'T')).getTime();
  return Number.isNaN(time) ? Number.NaN : Math.floor(time / 1000);
}

/** A value as the terminal shows it for editing. */
export function toDraftValue(kind: FieldKind, value: unknown, quota: QuotaDisplay): unknown {
  if (kind === 'switch') return Boolean(value);
  if (kind === 'multi-select') return Array.isArray(value) ? value.map(String) : [];
  if (kind === 'select') return value ?? '';
  if (value === undefined || value === null) return '';
  if (kind === 'list') return Array.isArray(value) ? value.join(', ') : String(value);
  if (kind === 'quota' && typeof value === 'number') return formatQuotaInput(value, quota);
  if (kind === 'datetime' && typeof value === 'number') return datetimeText(value);
  if ((kind === 'json' || kind === 'ratio-map' || kind === 'key-value') && typeof value !== 'string')
    return JSON.stringify(value);
  return String(value);
}

/** Thrown when a field holds text its kind cannot read (JSON that does not parse, no amount): names the field and why. */
export class DraftValueError extends Error {
  constructor(
    readonly field: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
  ) {
    super(`${key} in ${field}`);
  }
}

/**
 * A typed value back for the schema: numbers parsed (NaN when not a number, so the schema refuses
 * it), quota read by core's parseQuotaInput (a refusal is thrown as DraftValueError), JSON parsed where the record held an object, a list
 * split at commas, a select's text turned back into a number where the record held one.
 */
export function fromDraftValue(
  field: { kind: FieldKind; name: string; signed?: boolean },
  draft: unknown,
  original: unknown,
  quota: QuotaDisplay,
  /** Yuan per dollar, for a quota typed as `¥35`. */
  usdRate?: number,
): unknown {
  const kind = field.kind;
  if (kind === 'switch') return Boolean(draft);
  if (kind === 'multi-select') {
    const items = Array.isArray(draft) ? draft.map(String) : [];
    const numeric = Array.isArray(original) && typeof original[0] === 'number';
    return numeric ? items.map(Number) : items;
  }
  if (kind === 'select') {
    if (typeof original === 'number' && typeof draft === 'string')
      return draft === '' ? original : Number(draft);
    return draft;
  }
  const raw = String(draft ?? '').trim();
  if (kind === 'text' || kind === 'password' || kind === 'textarea') return String(draft ?? '');
  if (kind === 'list')
    return raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  if (kind === 'json' || kind === 'ratio-map' || kind === 'key-value') {
    if (typeof original === 'string') return raw;
    if (raw === '') return kind === 'ratio-map' ? {} : original;
    try {
      return JSON.parse(raw);
    } catch {
      throw new DraftValueError(field.name, 'tui.kit.invalid_json');
    }
  }
  if (kind === 'datetime') return datetimeSeconds(raw);
  if (kind === 'quota') {
    // Money as core reads it for every face: $5, ¥35, 2500000 points, or a number in the display unit.
    const read = parseQuotaInput(raw, { display: quota, plain: 'display', usdRate, signed: field.signed });
    if (!read.ok) throw new DraftValueError(field.name, read.key, read.params);
    return read.points;
  }
  return raw === '' ? Number.NaN : Number(raw);
}
