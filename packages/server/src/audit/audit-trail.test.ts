// The recorder's pure rules: which field names are secrets, masking at any depth (JSON text included),
// long values cut, and the changed-fields diff comparing before masking.
import { describe, expect, it } from 'vitest';
import { changedFields, isSecretField, MAX_VALUE_LENGTH, masked } from './audit-trail.js';

describe('audit masking and diff', () => {
  it('treats keys, passwords, secrets and tokens as secrets, and nothing else', () => {
    for (const name of ['key', 'api_key', 'secret_key', 'apiKey', 'password', 'access_token', 'SMTPToken'])
      expect(isSecretField(name), name).toBe(true);
    for (const name of ['GitHubClientSecret', 'webhook_secret', 'TurnstileSecretKey'])
      expect(isSecretField(name), name).toBe(true);
    for (const name of [
      'name',
      'models',
      'monkey',
      'max_tokens',
      'ApproximateTokenEnabled',
      'keyword',
      'quota',
    ])
      expect(isSecretField(name), name).toBe(false);
  });

  it('masks at any depth and inside JSON text, and cuts long values', () => {
    expect(
      masked({
        name: 'n',
        key: 'sk-1',
        config: JSON.stringify({ pid: 7, secret_key: 's' }),
        list: [{ token: 't' }],
      }),
    ).toEqual({ name: 'n', key: '***', config: { pid: 7, secret_key: '***' }, list: [{ token: '***' }] });
    // An empty secret says it is empty.
    expect(masked({ key: '' })).toEqual({ key: '' });
    const long = 'm'.repeat(MAX_VALUE_LENGTH + 5);
    expect(masked(long)).toBe(`${'m'.repeat(MAX_VALUE_LENGTH)}… (+5)`);
  });

  it('lists only the fields that differ, a changed secret as changed though both sides read ***', () => {
    expect(changedFields({ a: 1, key: 'x', same: 's' }, { a: 2, key: 'y', same: 's' })).toEqual({
      a: { before: 1, after: 2 },
      key: { before: '***', after: '***' },
    });
    expect(changedFields({ key: 'x' }, { key: 'x' })).toEqual({});
    expect(changedFields(undefined, { a: 1 })).toEqual({ a: { after: 1 } });
    expect(changedFields({ a: 1 }, undefined)).toEqual({ a: { before: 1 } });
  });
});
