import { InputGroup } from '@blueprintjs/core';
import './date-time-input.css';
import { normalizeClock24, normalizeDay } from '@gw/core';
import { useEffect, useState } from 'react';
import { useT } from '../lib/use-t';
import { DateInput } from './date-input';

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
 * A date and a 24-hour time. Chromium's datetime-local follows the browser's locale (AM/PM and
 * mm/dd/yyyy in en-US), and the spec writes every time as YYYY-MM-DD HH:mm on the 24-hour clock, so
 * the day is typed as `YYYY-MM-DD` (kit DateInput) beside the time as `HH:mm`.
 * The value changes only when the date is set and the time reads as a clock time (empty time = 00:00).
 */
export function DateTimeInput({ id, value, onChange, label, readOnly }: DateTimeInputProps) {
  const t = useT();
  const [date, time] = splitValue(value);
  const [clock, setClock] = useState(time);
  const [day, setDay] = useState(date);
  // A new value from outside (a reset, a loaded record) replaces what was typed.
  useEffect(() => setClock(time), [time]);
  // The day typed stays as typed while it reads as the value's day (`2026-3-5` while typing on).
  useEffect(() => setDay((typed) => (normalizeDay(typed) === date ? typed : date)), [date]);
  const clockValid = clock === '' || normalizeClock24(clock) !== undefined;
  const emit = (nextDate: string, nextClock: string) => {
    if (!nextDate.trim()) return onChange('');
    const normalDay = normalizeDay(nextDate);
    const normal = nextClock === '' ? '00:00' : normalizeClock24(nextClock);
    if (normalDay && normal) onChange(`${normalDay}T${normal}`);
  };
  return (
    <div className="gw-date-time">
      <DateInput
        id={id}
        aria-label={label ? `${label}: ${t('common.date')}` : undefined}
        value={day}
        readOnly={readOnly}
        onValueChange={(next) => {
          setDay(next);
          emit(next, clock);
        }}
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
          emit(day, next);
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
