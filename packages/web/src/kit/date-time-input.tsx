import { InputGroup } from '@blueprintjs/core';
import './date-time-input.css';
import { normalizeClock24 } from '@gw/core';
import { useEffect, useState } from 'react';
import { useT } from '../lib/use-t';

export interface DateTimeInputProps {
  id?: string;
  /** `YYYY-MM-DDTHH:mm` in local time, as a datetime-local field holds it; '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Names both parts for screen readers ("Expires: date", "Expires: time"). */
  label?: string;
  readOnly?: boolean;
}

/**
 * A date and a 24-hour time. Chromium's datetime-local follows the locale (AM/PM in en-US), and the
 * spec shows every time on the 24-hour clock, so the time is typed as `HH:mm` beside a date field.
 * The value changes only when the date is set and the time reads as a clock time (empty time = 00:00).
 */
export function DateTimeInput({ id, value, onChange, label, readOnly }: DateTimeInputProps) {
  const t = useT();
  const [date, time] = splitValue(value);
  const [clock, setClock] = useState(time);
  // A new value from outside (a reset, a loaded record) replaces what was typed.
  useEffect(() => setClock(time), [time]);
  const clockValid = clock === '' || normalizeClock24(clock) !== undefined;
  const emit = (nextDate: string, nextClock: string) => {
    if (!nextDate) return onChange('');
    const normal = nextClock === '' ? '00:00' : normalizeClock24(nextClock);
    if (normal) onChange(`${nextDate}T${normal}`);
  };
  return (
    <div className="gw-date-time">
      <InputGroup
        id={id}
        type="date"
        aria-label={label ? `${label}: ${t('common.date')}` : undefined}
        value={date}
        readOnly={readOnly}
        onValueChange={(next) => emit(next, clock)}
      />
      <InputGroup
        className="gw-date-time-clock"
        aria-label={label ? `${label}: ${t('common.time')}` : undefined}
        placeholder="HH:mm"
        maxLength={5}
        inputMode="numeric"
        value={clock}
        readOnly={readOnly}
        intent={clockValid ? 'none' : 'danger'}
        title={clockValid ? undefined : t('common.time_24h_hint')}
        onValueChange={(next) => {
          setClock(next);
          emit(date, next);
        }}
        onBlur={() => {
          const normal = normalizeClock24(clock);
          if (normal) setClock(normal);
        }}
      />
    </div>
  );
}

function splitValue(value: string): [date: string, time: string] {
  const [date = '', time = ''] = value.split('T');
  return [date, time.slice(0, 5)];
}
