import { describe, expect, it } from 'vitest';
import { systemLogSchema } from './options.schema.js';
import { clampSystemLogCount, filterSystemLog, systemLogLevel } from './system-log.js';

const entries = systemLogSchema.parse([
  { Timestamp: '2026-11-25T10:00:00Z', Level: 'INFO', Message: 'server listening' },
  { Timestamp: '2026-11-25T10:00:01Z', Level: 'warn', Message: 'slow upstream' },
  { Timestamp: '2026-11-25T10:00:02Z', Level: 'fatal', Message: 'database gone' },
]);

describe('system log view (console-screens §10)', () => {
  it('folds server level names into info, warning, error and debug', () => {
    expect(
      ['INFO', 'warn', 'Warning', 'fatal', 'error', 'trace', 'debug', 'odd'].map(systemLogLevel),
    ).toEqual(['info', 'warning', 'warning', 'error', 'error', 'debug', 'debug', 'info']);
  });

  it('searches message, level (raw or folded) and time, case-insensitively', () => {
    expect(filterSystemLog(entries, 'UPSTREAM').map((entry) => entry.Message)).toEqual(['slow upstream']);
    expect(filterSystemLog(entries, 'error').map((entry) => entry.Message)).toEqual(['database gone']);
    expect(filterSystemLog(entries, '10:00:01')).toHaveLength(1);
    expect(filterSystemLog(entries, '  ')).toHaveLength(3);
  });

  it('keeps the asked entry count within 1–500', () => {
    expect([0, 7.8, 900, Number.NaN].map(clampSystemLogCount)).toEqual([1, 7, 500, 50]);
  });
});
