// A Map for entries that come and go with requests, held by a long-lived store (the in-flight claims and
// their sums). A Map that lives long is in V8's old generation, and so is every table it rehashes into —
// on a delete that shrinks it, or an insert into a table full of deleted slots. Deleted one by one, such a
// Map left a table of old-generation garbage per relayed request: at 1,000 req/s the largest source of the
// major collections that held the event loop 8–57 ms (issue 13). Here a delete only marks its entry, and
// the marked entries leave together, DROP_EVERY at a time, when the live ones move to a new Map.

/** Deleted entries kept before the Map is rebuilt without them. */
const DROP_EVERY = 64;

interface Slot<V> {
  value: V;
  live: boolean;
}

export class BatchDeleteMap<K, V> {
  #slots = new Map<K, Slot<V>>();
  /** Slots marked deleted but still in #slots. */
  #dead = 0;

  get(key: K): V | undefined {
    const slot = this.#slots.get(key);
    return slot?.live ? slot.value : undefined;
  }

  set(key: K, value: V): void {
    const slot = this.#slots.get(key);
    if (!slot) {
      this.#slots.set(key, { value, live: true });
      return;
    }
    if (!slot.live) {
      slot.live = true;
      this.#dead -= 1;
    }
    slot.value = value;
  }

  delete(key: K): boolean {
    const slot = this.#slots.get(key);
    if (!slot?.live) return false;
    slot.live = false;
    this.#dead += 1;
    if (this.#dead >= DROP_EVERY) this.#dropDead();
    return true;
  }

  get size(): number {
    return this.#slots.size - this.#dead;
  }

  *keys(): IterableIterator<K> {
    for (const [key, slot] of this.#slots) if (slot.live) yield key;
  }

  /** Live entries; deleting during the walk is safe (a rebuild leaves the walk on the old Map's slots). */
  *entries(): IterableIterator<[K, V]> {
    for (const [key, slot] of this.#slots) if (slot.live) yield [key, slot.value];
  }

  *values(): IterableIterator<V> {
    for (const slot of this.#slots.values()) if (slot.live) yield slot.value;
  }

  clear(): void {
    this.#slots = new Map();
    this.#dead = 0;
  }

  #dropDead(): void {
    const live = new Map<K, Slot<V>>();
    for (const [key, slot] of this.#slots) if (slot.live) live.set(key, slot);
    this.#slots = live;
    this.#dead = 0;
  }
}
