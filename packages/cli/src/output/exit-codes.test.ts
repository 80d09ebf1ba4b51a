import { GwApiError, translate } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { EXIT_CODES, exitCodeForError } from './exit-codes.js';
import { describeFailure } from './report-error.js';

const t = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

describe('exit codes (peers §4.2)', () => {
  it('maps API errors through the core catalogue', () => {
    expect(exitCodeForError(new GwApiError('UNAUTHENTICATED', 'x'))).toBe(4);
    expect(exitCodeForError(new GwApiError('BAD_CREDENTIALS', 'x'))).toBe(4);
    expect(exitCodeForError(new GwApiError('NOT_FOUND', 'x'))).toBe(5);
    expect(exitCodeForError(new GwApiError('RATE_LIMITED', 'x'))).toBe(6);
    expect(exitCodeForError(new GwApiError('VALIDATION_FAILED', 'x'))).toBe(2);
    expect(exitCodeForError(new GwApiError('INTERNAL', 'x'))).toBe(1);
  });

  it('maps the CLI’s own errors by kind, and anything else to 1', () => {
    expect(exitCodeForError(new CliError('usage', 'k'))).toBe(2);
    expect(exitCodeForError(new CliError('cancelled', 'k'))).toBe(3);
    expect(exitCodeForError(new CliError('auth', 'k'))).toBe(4);
    expect(exitCodeForError(new CliError('interrupted', 'k'))).toBe(130);
    expect(exitCodeForError(new Error('boom'))).toBe(1);
  });

  it('documents every code it can return', () => {
    expect(EXIT_CODES.map((entry) => entry.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 130]);
    for (const entry of EXIT_CODES) expect(t(entry.key)).not.toBe(entry.key);
  });
});

describe('error rendering', () => {
  it('Given a server validation failure, Then each field gets its own line and exit 2 gets a usage hint', () => {
    const error = new GwApiError('VALIDATION_FAILED', 'bad', {
      fields: [{ field: 'name', key: 'validation.required', message: 'name is required' }],
    });
    const { lines, exitCode } = describeFailure(error, { t });
    expect(exitCode).toBe(2);
    expect(lines).toEqual(['error: bad', '  name: name is required', 'Run with --help for usage.']);
  });

  it('Given no credentials, Then the message says how to sign in', () => {
    const { lines, exitCode } = describeFailure(new CliError('auth', 'cli.errors.not_signed_in'), { t });
    expect(exitCode).toBe(4);
    expect(lines.join('\n')).toContain('gw login');
  });

  it('Given a 429, Then the catalogue text is shown and the exit code is 6', () => {
    const { lines, exitCode } = describeFailure(new GwApiError('RATE_LIMITED', '', { status: 429 }), { t });
    expect(lines[0]).toBe('error: too many requests, please try again later');
    expect(exitCode).toBe(6);
  });
});
