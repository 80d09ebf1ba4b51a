// @vitest-environment happy-dom
import { systemLogSchema, translate } from '@gw/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render-with-app';
import { SystemLogView } from './system-log-view';

afterEach(cleanup);

const en = (key: string) => translate('en_US', key);
const entries = systemLogSchema.parse([
  { Timestamp: '2026-11-25T10:00:00Z', Level: 'info', Message: 'server listening' },
  { Timestamp: '2026-11-25T10:00:01Z', Level: 'warn', Message: 'slow upstream' },
]);

describe('system log view', () => {
  it('shows each line with its folded level and the message', () => {
    renderWithApp(<SystemLogView entries={entries} searching={false} />, { role: 100 });
    const log = screen.getByRole('log', { name: en('analytics.system.title') });
    expect(log.textContent).toContain('server listening');
    expect(log.textContent).toContain(en('analytics.system.level.warning'));
    expect(log.querySelector('.gw-log-warning')?.textContent).toContain('slow upstream');
  });

  it('says "no logs" when empty and "no matching logs" when a search hides every line', () => {
    renderWithApp(<SystemLogView entries={[]} searching={false} />, { role: 100 });
    expect(screen.getByText(en('analytics.system.no_logs'))).toBeTruthy();
    cleanup();
    renderWithApp(<SystemLogView entries={[]} searching />, { role: 100 });
    expect(screen.getByText(en('analytics.system.no_match'))).toBeTruthy();
  });
});
