// Sign-in does the same password work whether or not the username exists (issue 8, item 10): an unknown
// name, a known name with a wrong password and an account without a usable hash each cost one scrypt
// at the stored cost, counted on node:crypto's own scrypt as the sign-in route reaches it.
import * as crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:crypto')>();
  // The real scrypt, counted.
  return { ...original, scrypt: vi.fn(original.scrypt) };
});

const scrypt = vi.mocked(crypto.scrypt);

describe('sign-in password work does not depend on the username existing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'known1', 'password-123');
    // An account with no password hash (one that signs in through OAuth only).
    await t.app.gw.db.updateTable('users').set({ password: '' }).where('username', '=', 'known1').execute();
    await createUser(t.app, root, 'known2', 'password-123');
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    scrypt.mockClear();
  });

  /** The scrypt cost parameter N of every derivation the sign-in ran. */
  async function derivationsOf(username: string): Promise<{ success: boolean; costs: unknown[] }> {
    const reply = await call(t.app, 'POST', '/api/user/login', {
      body: { username, password: 'guess-1234' },
    });
    const costs = scrypt.mock.calls.map((args) => (args[3] as crypto.ScryptOptions).N);
    return { success: reply.body.success, costs };
  }

  it('an unknown username runs one scrypt at the stored cost, as a wrong password does', async () => {
    const unknown = await derivationsOf('nobody-here');
    scrypt.mockClear();
    const wrong = await derivationsOf('known2');
    expect(unknown).toEqual({ success: false, costs: [16384] });
    expect(wrong).toEqual({ success: false, costs: [16384] });
  });

  it('an account without a usable hash runs one scrypt too', async () => {
    expect(await derivationsOf('known1')).toEqual({ success: false, costs: [16384] });
  });
});
