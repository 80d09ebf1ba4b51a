// The JSON options' shapes (console-spec §5): the discount map, ratio maps, per-model maps and the chat
// link list. Each check names the first wrong entry so the operator can find it.
import type { OptionJsonShape } from './option-types.js';

/** A refusal of a JSON option: an `options.errors.*` suffix and its parameters. */
export interface JsonOptionRefusal {
  key: string;
  params: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function mapRefusal(
  map: Record<string, unknown>,
  entryOk: (value: unknown) => boolean,
  key: string,
): JsonOptionRefusal | undefined {
  for (const [name, value] of Object.entries(map)) {
    if (!name.trim()) return { key: 'map_name', params: {} };
    if (!entryOk(value)) return { key, params: { name } };
  }
  return undefined;
}

function discountRefusal(map: Record<string, unknown>): JsonOptionRefusal | undefined {
  for (const [amount, factor] of Object.entries(map)) {
    if (!/^[1-9]\d{0,8}$/.test(amount)) return { key: 'discount_amount', params: { amount } };
    if (!isNumber(factor) || factor <= 0) return { key: 'discount_factor', params: { amount } };
  }
  return undefined;
}

/**
 * Why one chat link is refused (its name and URL required, `show` a boolean, `sort` an integer ≥ 0),
 * naming it by its 1-based `index`: the grid checks a row with it when the row is saved.
 */
export function chatLinkRefusal(link: unknown, index: number): JsonOptionRefusal | undefined {
  if (!isObject(link)) return { key: 'chat_link_object', params: { index } };
  if (typeof link.name !== 'string' || !link.name.trim()) return { key: 'chat_link_name', params: { index } };
  if (typeof link.url !== 'string' || !link.url.trim()) return { key: 'chat_link_url', params: { index } };
  if (link.show !== undefined && typeof link.show !== 'boolean')
    return { key: 'chat_link_show', params: { index } };
  if (link.sort !== undefined && !(Number.isSafeInteger(link.sort) && (link.sort as number) >= 0))
    return { key: 'chat_link_sort', params: { index } };
  return undefined;
}

function chatLinksRefusal(list: unknown): JsonOptionRefusal | undefined {
  if (!Array.isArray(list)) return { key: 'json_array', params: {} };
  for (const [position, link] of list.entries()) {
    const refusal = chatLinkRefusal(link, position + 1);
    if (refusal) return refusal;
  }
  return undefined;
}

/** Why `text` is not a valid value of a JSON option of `shape` (undefined: it is). */
export function jsonOptionRefusal(shape: OptionJsonShape, text: string): JsonOptionRefusal | undefined {
  // An empty chat link list means "the built-in links" (contract §3.5 default "").
  if (shape === 'chat_links' && text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { key: 'json', params: {} };
  }
  if (shape === 'chat_links') return chatLinksRefusal(value);
  if (!isObject(value)) return { key: 'json_object', params: {} };
  switch (shape) {
    case 'discount':
      return discountRefusal(value);
    case 'ratio_map':
      return mapRefusal(value, (entry) => isNumber(entry) && entry >= 0, 'map_ratio');
    case 'positive_int_map':
      return mapRefusal(
        value,
        (entry) => Number.isSafeInteger(entry) && (entry as number) > 0,
        'map_positive_int',
      );
    case 'bool_map':
      return mapRefusal(value, (entry) => typeof entry === 'boolean', 'map_bool');
    default:
      return undefined;
  }
}
