// Core's user group, group-symbol and group-map calls against a real gw server on loopback.
import {
  type ApiClient,
  createUserGroup,
  deleteUserGroup,
  GwApiError,
  getUserGroup,
  getUserGroupMap,
  listGroupSymbols,
  listUserGroups,
  toggleUserGroup,
  updateUserGroup,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core user group client against gw', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    ({ t, client } = await startClientApp());
  });
  afterAll(() => t.close());

  it('creates, reads, edits, toggles, maps and deletes a group', async () => {
    const created = await createUserGroup(client, { symbol: 'vip', name: 'VIP', ratio: 0.9, public: true });
    expect(created).toMatchObject({ symbol: 'vip', api_rate: 600, enable: true });
    const id = created?.id ?? 0;
    expect((await getUserGroup(client, id)).name).toBe('VIP');
    expect((await updateUserGroup(client, { id, name: 'V', ratio: 1.1, public: true }))?.ratio).toBe(1.1);
    const page = await listUserGroups(client, { Name: 'V', order: '-id' });
    expect(page.data.map((group) => group.symbol)).toEqual(['vip']);
    expect(await listGroupSymbols(client)).toEqual(['default', 'vip']);
    expect(Object.keys(await getUserGroupMap(client)).sort()).toEqual(['default', 'vip']);
    await toggleUserGroup(client, id);
    expect(await listGroupSymbols(client)).toEqual(['default']);
    await deleteUserGroup(client, id);
    await expect(getUserGroup(client, id)).rejects.toBeInstanceOf(GwApiError);
  });

  it('checks input before sending it', () => {
    expect(() => createUserGroup(client, { symbol: 'не', name: 'x', ratio: 1 })).toThrow(/symbol_english/);
  });
});
