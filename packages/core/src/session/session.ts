import { storedUserSchema, type StoredUser } from '../resources/users/users.schema.js';

/** The part of Web Storage the session needs; browsers' localStorage fits, and so does a Map wrapper. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The local storage key holding the signed-in user (spec §3). */
export const USER_STORAGE_KEY = 'user';

type Listener = (user: StoredUser | undefined) => void;

/**
 * The client's sign-in state: the stored user (role, avatar_url, username) kept in storage, with
 * listeners. A 401 from the API clears it (wire `onUnauthorized` to `clear`).
 */
export class SessionStore {
  private current: StoredUser | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: KeyValueStorage) {
    this.current = readStoredUser(storage);
  }

  get user(): StoredUser | undefined {
    return this.current;
  }

  get signedIn(): boolean {
    return this.current !== undefined;
  }

  /** Stores the user after a sign-in or a profile load. */
  setUser(user: StoredUser): void {
    this.current = storedUserSchema.parse(user);
    this.storage.setItem(USER_STORAGE_KEY, JSON.stringify(this.current));
    this.emit();
  }

  /** Forgets the user (sign-out, or a 401 from the server). */
  clear(): void {
    this.storage.removeItem(USER_STORAGE_KEY);
    if (this.current === undefined) return;
    this.current = undefined;
    this.emit();
  }

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}

function readStoredUser(storage: KeyValueStorage): StoredUser | undefined {
  const text = storage.getItem(USER_STORAGE_KEY);
  if (!text) return undefined;
  try {
    const parsed = storedUserSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An in-memory storage, for Node faces and tests. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
