// An open form's typed values and what they read as: each visible field through its kind's reading
// (core's parseQuotaInput for money), then the form's schema; the messages by field, with labels.
import { type FormDef, type FormFieldDef, formSchema, type QuotaDisplay, visibleFields } from '@gw/core';
import { fieldMessages } from '../lib/field-errors.js';
import { type Draft, DraftValueError, fromDraftValue, toDraftValue } from './draft.js';

export type Messages = Record<string, string>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The draft of a form's values (each as its field shows it). */
export function draftOf<Values>(
  fields: readonly FormFieldDef<Values>[],
  values: Values,
  quota: QuotaDisplay,
): Draft {
  const draft: Draft = {};
  for (const field of fields)
    draft[field.name] = toDraftValue(field.kind, (values as Draft)[field.name], quota);
  return draft;
}

export interface DraftReader<Values> {
  form: Pick<FormDef<unknown, Values, unknown>, 'fields' | 'schema' | 'editSchema'>;
  mode: 'create' | 'edit';
  initial: Values;
  quota: QuotaDisplay;
  usdRate?: number;
  t: Translate;
}

/** The typed values of the visible fields, best effort: a field that does not read keeps its initial value. */
export function looseValues<Values>(reader: DraftReader<Values>, draft: Draft): Values {
  const values: Draft = { ...(reader.initial as Draft) };
  const shown = visibleFields(
    reader.form.fields,
    { ...(reader.initial as Draft), ...draft } as Values,
    reader.mode,
  );
  for (const field of shown) {
    try {
      values[field.name] = fromDraftValue(
        field,
        draft[field.name],
        (reader.initial as Draft)[field.name],
        reader.quota,
        reader.usdRate,
      );
    } catch {
      // left as it was
    }
  }
  return values as Values;
}

/** The values for the schema, or the messages of what is wrong (every field's, not only the first). */
export function readDraft<Values>(
  reader: DraftReader<Values>,
  draft: Draft,
): { values?: Values; messages: Messages } {
  const { form, mode, initial, t } = reader;
  const labelKeys = Object.fromEntries(form.fields.map((field) => [field.name, field.labelKey]));
  const values: Draft = { ...(initial as Draft) };
  const unread: Messages = {};
  const shown = visibleFields(form.fields, { ...(initial as Draft), ...draft } as Values, mode);
  for (const field of shown) {
    try {
      values[field.name] = fromDraftValue(
        field,
        draft[field.name],
        (initial as Draft)[field.name],
        reader.quota,
        reader.usdRate,
      );
    } catch (error) {
      if (!(error instanceof DraftValueError)) throw error;
      unread[field.name] = t(error.key, { ...error.params, field: t(field.labelKey) });
    }
  }
  const result = formSchema(form as FormDef<unknown, Values, unknown>, mode).safeParse(values);
  const checked = result.success ? {} : fieldMessages(result.error, t, labelKeys);
  // A field whose text did not read has the more useful message (the schema only saw its old value).
  const messages = { ...checked, ...unread };
  if (Object.keys(messages).length > 0 || !result.success) return { messages };
  return { values: result.data, messages: {} };
}
