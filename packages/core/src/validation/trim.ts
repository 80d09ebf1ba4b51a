/** Trims every string in a value, recursively through arrays and plain objects (the spec's trims()). */
export function trimStrings<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) return value.map((item) => trimStrings(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = trimStrings(item);
    return out as T;
  }
  return value;
}

/** Byte length of a string in UTF-8 (token names are limited in bytes, not characters). */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
