import { describe, expect, it } from 'vitest';
import { isAdmin, isReliable, isRoot, meetsGuard, roleLabelKey } from '../roles/roles.js';
import { memoryStorage, SessionStore, USER_STORAGE_KEY } from './session.js';

describe('SessionStore', () => {
  it('keeps the signed-in user in storage across instances and notifies listeners', () => {
    const storage = memoryStorage();
    const first = new SessionStore(storage);
    const seen: (string | undefined)[] = [];
    first.subscribe((user) => seen.push(user?.username));
    first.setUser({ id: 7, username: 'alice', role: 10, display_name: 'A', avatar_url: '' });
    expect(new SessionStore(storage).user?.username).toBe('alice');
    first.clear();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(seen).toEqual(['alice', undefined]);
  });

  it('ignores a corrupt stored user', () => {
    const storage = memoryStorage();
    storage.setItem(USER_STORAGE_KEY, '{not json');
    expect(new SessionStore(storage).signedIn).toBe(false);
  });
});

describe('roles (spec §6, contract §0.3)', () => {
  it('counts role 10 and above as admin and applies guard thresholds 1/10/100', () => {
    expect([isAdmin(9), isAdmin(10), isAdmin(100)]).toEqual([false, true, true]);
    expect([isRoot(10), isRoot(100)]).toEqual([false, true]);
    expect(isReliable(3)).toBe(true);
    expect([
      meetsGuard(0, 'user'),
      meetsGuard(1, 'user'),
      meetsGuard(9, 'admin'),
      meetsGuard(100, 'root'),
    ]).toEqual([false, true, false, true]);
    expect([roleLabelKey(1), roleLabelKey(10), roleLabelKey(100), roleLabelKey(5)]).toEqual([
      'roles.common',
      'roles.admin',
      'roles.root',
      'roles.unknown',
    ]);
  });
});
