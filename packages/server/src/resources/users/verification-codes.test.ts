// The code store on every dialect, with two stores standing for two processes on one database: valid for
// its minutes, once, for its address and purpose only, dropped after too many wrong guesses, and only
// hashes stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api-failure.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { startTestApp, type TestApp } from '../../test-support/test-app.js';
import { unconfiguredMailSender } from './mail.js';
import { createVerificationCodes, MAX_CODE_ATTEMPTS } from './verification-codes.js';

describe.each(TEST_DIALECTS)('verification codes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());
  const pair = (now: () => number, validMinutes?: number) =>
    [
      createVerificationCodes(t.app.gw.db, { now, validMinutes }),
      createVerificationCodes(t.app.gw.db, { now, validMinutes }),
    ] as const;

  it('accepts the live code once, in another process, for the same address in any case and purpose', async () => {
    const [mailer, checker] = pair(() => 100);
    await mailer.issue('email', 'Ann@Example.com', 'abc123');
    expect(await checker.consume('password_reset', 'ann@example.com', 'abc123')).toBe(false);
    expect(await checker.consume('email', 'bob@example.com', 'abc123')).toBe(false);
    expect(await checker.consume('email', 'ann@example.com', 'abc123')).toBe(true);
    expect(await mailer.consume('email', 'ann@example.com', 'abc123')).toBe(false);
  });

  it('expires a code after its minutes, and a new code replaces the old one', async () => {
    let now = 1_000;
    const [codes] = pair(() => now, 10);
    await codes.issue('email', 'a@x.io', 'first1');
    await codes.issue('email', 'a@x.io', 'second');
    expect(await codes.consume('email', 'a@x.io', 'first1')).toBe(false);
    now += 10 * 60 - 1;
    await codes.issue('email', 'b@x.io', 'bbbbbb');
    expect(await codes.consume('email', 'b@x.io', 'bbbbbb')).toBe(true);
    now += 1;
    expect(await codes.consume('email', 'a@x.io', 'second')).toBe(false);
    expect(codes.validMinutes).toBe(10);
  });

  it('drops a code after too many wrong guesses, never accepts an empty guess, and stores no code', async () => {
    const [codes, other] = pair(() => 5);
    await codes.issue('email', 'c@x.io', 'secret');
    const rows = await t.app.gw.db.selectFrom('verification_codes').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('secret');
    expect(JSON.stringify(rows)).not.toContain('c@x.io');
    expect(await codes.consume('email', 'c@x.io', '')).toBe(false);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      expect(await (i % 2 ? codes : other).consume('email', 'c@x.io', `bad${i}`)).toBe(false);
    expect(await codes.consume('email', 'c@x.io', 'secret')).toBe(false);
  });

  it('hands a code to one of two requests racing with it', async () => {
    const [first, second] = pair(() => 7);
    await first.issue('password_reset', 'd@x.io', 'token-1');
    const results = await Promise.all([
      first.consume('password_reset', 'd@x.io', 'token-1'),
      second.consume('password_reset', 'd@x.io', 'token-1'),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('the unconfigured mail sender', () => {
  it('refuses every message with the mail-not-configured failure', async () => {
    await expect(unconfiguredMailSender.send({ to: 'a@x.io', subject: 's', text: 't' })).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ApiFailure && error.messageKey === 'users.errors.mail_not_configured',
    );
  });
});
