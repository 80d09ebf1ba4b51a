// The in-memory code store: valid for its minutes, once, for its address and purpose only, and
// dropped after too many wrong guesses.
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../shared/api-failure.js';
import { unconfiguredMailSender } from './mail.js';
import { createVerificationCodes, MAX_CODE_ATTEMPTS } from './verification-codes.js';

describe('verification codes', () => {
  it('accepts the live code once, for the same address in any case and the same purpose', () => {
    const codes = createVerificationCodes({ now: () => 100 });
    codes.issue('email', 'Ann@Example.com', 'abc123');
    expect(codes.consume('password_reset', 'ann@example.com', 'abc123')).toBe(false);
    expect(codes.consume('email', 'bob@example.com', 'abc123')).toBe(false);
    expect(codes.consume('email', 'ann@example.com', 'abc123')).toBe(true);
    expect(codes.consume('email', 'ann@example.com', 'abc123')).toBe(false);
  });

  it('expires a code after its minutes, and a new code replaces the old one', () => {
    let now = 1_000;
    const codes = createVerificationCodes({ validMinutes: 10, now: () => now });
    codes.issue('email', 'a@x.io', 'first1');
    codes.issue('email', 'a@x.io', 'second');
    expect(codes.consume('email', 'a@x.io', 'first1')).toBe(false);
    now += 10 * 60 - 1;
    codes.issue('email', 'b@x.io', 'bbbbbb');
    expect(codes.consume('email', 'b@x.io', 'bbbbbb')).toBe(true);
    now += 1;
    expect(codes.consume('email', 'a@x.io', 'second')).toBe(false);
    expect(codes.validMinutes).toBe(10);
  });

  it('drops a code after too many wrong guesses, and never accepts an empty guess', () => {
    const codes = createVerificationCodes({ now: () => 5 });
    codes.issue('email', 'a@x.io', 'secret');
    expect(codes.consume('email', 'a@x.io', '')).toBe(false);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1)
      expect(codes.consume('email', 'a@x.io', `bad${i}`)).toBe(false);
    expect(codes.consume('email', 'a@x.io', 'secret')).toBe(false);
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
