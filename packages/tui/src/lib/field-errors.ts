import { fieldErrorsFromZod, type Translate } from '@gw/core';

/** A zod error as core's validation helpers take it. */
type ValidationError = Parameters<typeof fieldErrorsFromZod>[0];

/**
 * Per-field messages of a failed validation, keyed by the top-level field, with the field's
 * translated label in place of its wire name ("Name is required", not "name is required").
 */
export function fieldMessages(
  error: ValidationError,
  t: Translate,
  labelKeys: Readonly<Record<string, string>>,
): Record<string, string> {
  const withLabels: Translate = (key, params) => {
    const field = String(params?.field ?? '');
    const labelKey = labelKeys[field.split('.')[0] ?? ''];
    return t(key, { ...params, field: labelKey ? t(labelKey) : field });
  };
  const messages: Record<string, string> = {};
  for (const fieldError of fieldErrorsFromZod(error, withLabels)) {
    const top = fieldError.field.split('.')[0] ?? fieldError.field;
    messages[top] ??= fieldError.message;
  }
  return messages;
}
