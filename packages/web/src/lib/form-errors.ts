import { fieldErrorsFromZod, GwApiError, type Translate } from '@gw/core';

/** A zod failure as core's schemas raise it. */
export type SchemaError = Parameters<typeof fieldErrorsFromZod>[0];

/** Per-field messages of a form, keyed by the dotted field path. */
export type FieldMessages = Record<string, string>;

/** A translator that names fields by their form label instead of their wire name. */
function labelled(t: Translate, labels: Record<string, string>): Translate {
  return (key, params) => {
    const field = String(params?.field ?? '');
    const label = labels[field] ?? labels[field.replace(/\.\d+$/, '')];
    return t(key, { ...params, field: label ? t(label) : field });
  };
}

/** Turns a zod failure into per-field messages (first message per field wins). */
export function messagesFromZod(
  error: SchemaError,
  t: Translate,
  labels: Record<string, string>,
): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of fieldErrorsFromZod(error, labelled(t, labels))) {
    messages[issue.field] ??= issue.message;
  }
  return messages;
}

/** The server's per-field errors of a refused request, or undefined when it named no field. */
export function messagesFromServer(error: unknown): FieldMessages | undefined {
  if (!(error instanceof GwApiError) || error.fields.length === 0) return undefined;
  const messages: FieldMessages = {};
  for (const field of error.fields) messages[field.field] ??= field.message;
  return messages;
}
