import type { z } from 'zod';
import type { FieldError } from '../http/errors.js';
import type { Translate } from '../i18n/i18n.js';

/**
 * Turns zod issues into per-field errors. Schemas in core put an i18n key in each issue's message
 * (`validation.required` or `<section>.…`) and the rule's parameters in `params`; zod's own messages
 * (wrong types) become `validation.invalid_type`.
 */
export function fieldErrorsFromZod(error: z.ZodError, t?: Translate): FieldError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '_';
    const key = typeIssueKey(issue) ?? (isMessageKey(issue.message) ? issue.message : issueKey(issue));
    const params: Record<string, unknown> = { field, ...issueParams(issue) };
    return { field, key, params, message: t ? t(key, params) : key };
  });
}

/** A schema's own message is an i18n key: `validation.*` or a resource section's (`user_groups.errors.*`). */
function isMessageKey(message: string): boolean {
  return /^[a-z][a-z_]*(\.[a-z0-9_]+)+$/.test(message);
}

/**
 * A missing field and a field of the wrong type both arrive as `invalid_type`, often with the schema's
 * one message (`validation.required`). Which it was shows in the issue's input, which zod reports when
 * parsing with `{ reportInput: true }` (the server does), else in zod's own wording.
 */
function typeIssueKey(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'invalid_type') return undefined;
  const hasInput = 'input' in issue;
  const missing = hasInput ? issue.input === undefined : /received undefined$/.test(issue.message);
  const ownKey = isMessageKey(issue.message);
  const saysRequired = ownKey && issue.message.endsWith('required');
  if (missing) return saysRequired ? issue.message : 'validation.required';
  // A schema's "is required" wording is wrong for a value that is there but of the wrong type.
  if (ownKey && !saysRequired) return issue.message;
  return hasInput || !ownKey ? 'validation.invalid_type' : issue.message;
}

function issueKey(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? 'validation.min_length' : 'validation.min';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.max_length' : 'validation.max';
    case 'invalid_value':
      return 'validation.invalid_value';
    case 'unrecognized_keys':
      return 'validation.unknown_field';
    default:
      return 'validation.invalid';
  }
}

function issueParams(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  if (issue.code === 'invalid_type') return { expected: issue.expected };
  if (issue.code === 'invalid_value') return { values: issue.values.join(', ') };
  const params = (issue as { params?: Record<string, unknown> }).params;
  return params ?? {};
}
