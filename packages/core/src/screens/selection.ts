// Row and item selection in lists and checklists (a table's rows, a channel's models to check).

/** The selection with `item` switched: added when it was not selected, removed when it was. */
export function toggleInSet<Item>(selected: ReadonlySet<Item>, item: Item): Set<Item> {
  const next = new Set(selected);
  if (next.has(item)) next.delete(item);
  else next.add(item);
  return next;
}
