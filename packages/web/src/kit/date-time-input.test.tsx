// @vitest-environment happy-dom
// A date and a 24-hour time: the value moves only on a real clock time, a bad one is marked and kept out.
import { translate } from '@gw/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test-support/render-with-app';
import { DateTimeInput } from './date-time-input';

const en = (key: string) => translate('en_US', key);
afterEach(cleanup);

function Probe({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeInput label="Expires" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('DateTimeInput', () => {
  it('shows a stored value as date and HH:mm, takes 24-hour times and refuses 25:00', () => {
    renderWithApp(<Probe initial="2026-03-04T21:30" />, { role: 1, path: '/' });
    const date = screen.getByLabelText(`Expires: ${en('common.date')}`) as HTMLInputElement;
    const clock = screen.getByLabelText(`Expires: ${en('common.time')}`) as HTMLInputElement;
    expect(date.value).toBe('2026-03-04');
    expect(clock.value).toBe('21:30');

    fireEvent.change(clock, { target: { value: '25:00' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-03-04T21:30');
    expect(clock.getAttribute('title')).toBe(en('common.time_24h_hint'));

    fireEvent.change(clock, { target: { value: '1745' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-03-04T17:45');

    fireEvent.change(date, { target: { value: '' } });
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('writes the day as YYYY-MM-DD whatever the browser locale, takes 2026/3/5 and refuses 2026-02-30', () => {
    renderWithApp(<Probe initial="2026-03-04T21:30" />, { role: 1, path: '/' });
    const date = screen.getByLabelText(`Expires: ${en('common.date')}`) as HTMLInputElement;
    // A text field, not the browser's date field (which shows mm/dd/yyyy in an English browser).
    expect(date.type).toBe('text');
    expect(date.placeholder).toBe('YYYY-MM-DD');
    fireEvent.change(date, { target: { value: '2026-02-30' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-03-04T21:30');
    expect(date.getAttribute('title')).toBe(en('common.date_hint'));
    fireEvent.change(date, { target: { value: '2026/3/5' } });
    expect(screen.getByTestId('value').textContent).toBe('2026-03-05T21:30');
    fireEvent.blur(date);
    expect(date.value).toBe('2026-03-05');
  });
});
