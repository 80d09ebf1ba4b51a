// The 'key-value' field kind (a model mapping, custom headers): a JSON object of strings edited as rows
// of name and value, or as its JSON text. Plain functions so every face edits it the same way.

/** One row as typed: a name and its value (either may still be empty). */
export type KeyValueRow = readonly [key: string, value: string];

/** The rows of a JSON object text ('' or text that is not an object gives no rows). */
export function keyValueRowsFromJson(text: string): KeyValueRow[] {
  if (text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]);
  } catch {
    return [];
  }
}

/**
 * The pretty JSON object of the rows ('' when no row has a name): names trimmed, rows without a name
 * left out, a later row winning over an earlier one of the same name.
 */
export function keyValueRowsToJson(rows: readonly KeyValueRow[]): string {
  const object: Record<string, string> = {};
  for (const [key, value] of rows) {
    const name = key.trim();
    if (name !== '') object[name] = value.trim();
  }
  return Object.keys(object).length === 0 ? '' : JSON.stringify(object, null, 2);
}

/** Whether a text is '' or a JSON object whose values are all strings (what the rows can show). */
export function isKeyValueJson(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      parsed !== null &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((value) => typeof value === 'string')
    );
  } catch {
    return false;
  }
}
