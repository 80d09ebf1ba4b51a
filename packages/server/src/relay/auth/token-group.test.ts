import { describe, expect, it } from 'vitest';
import { effectiveTokenGroup, type RelayUserGroup, resolveTokenGroup } from './token-group.js';

const groups = new Map<string, RelayUserGroup>([
  ['default', { symbol: 'default', ratio: 1, enable: true }],
  ['vip', { symbol: 'vip', ratio: 0.8, enable: true }],
  ['old', { symbol: 'old', ratio: 2, enable: false }],
]);

describe('token group resolution (behaviour spec §4)', () => {
  it("Given a token group, else a backup group, else nothing, Then the token's, the backup or the user's group applies", () => {
    expect(effectiveTokenGroup({ group: 'vip', backup_group: 'default' }, 'svip')).toBe('vip');
    expect(effectiveTokenGroup({ group: '', backup_group: 'default' }, 'svip')).toBe('default');
    expect(effectiveTokenGroup({ group: '', backup_group: '' }, 'svip')).toBe('svip');
  });

  it('Given an enabled group, Then its ratio is returned', () => {
    expect(resolveTokenGroup({ group: 'vip', backup_group: '' }, 'default', groups)).toEqual({
      ok: true,
      group: 'vip',
      ratio: 0.8,
    });
  });

  it('Given a missing or disabled group, Then 403 "group does not exist" naming it', () => {
    for (const group of ['nope', 'old']) {
      expect(resolveTokenGroup({ group, backup_group: '' }, 'default', groups)).toEqual({
        ok: false,
        status: 403,
        messageKey: 'relay.group.missing',
        params: { group },
      });
    }
  });
});
