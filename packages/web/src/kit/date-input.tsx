import { Button, InputGroup } from '@blueprintjs/core';
import './date-time-input.css';
import { normalizeDay } from '@gw/core';
import { useRef } from 'react';
import { useT } from '../lib/use-t';

export interface DateInputProps {
  id?: string;
  /** The text typed: a day as `YYYY-MM-DD` once it reads as one (see core's normalizeDay). */
  value: string;
  onValueChange: (value: string) => void;
  /** The earliest and latest day the calendar offers (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
  'aria-label'?: string;
  readOnly?: boolean;
}

/**
 * A day written as YYYY-MM-DD in every language. A browser's own date field shows the browser's locale
 * order (mm/dd/yyyy in an English Chromium while the console is in Chinese); here the day is typed as
 * the spec writes it, a typed `2026/3/5` is tidied on leaving the field, and the calendar button opens
 * the browser's own calendar, whose choice is written back the same way.
 */
export function DateInput({ id, value, onValueChange, min, max, readOnly, ...rest }: DateInputProps) {
  const t = useT();
  const calendar = useRef<HTMLInputElement>(null);
  const valid = value === '' || normalizeDay(value) !== undefined;
  return (
    <InputGroup
      id={id}
      className="gw-date-input"
      aria-label={rest['aria-label']}
      placeholder="YYYY-MM-DD"
      maxLength={10}
      value={value}
      readOnly={readOnly}
      intent={valid ? 'none' : 'danger'}
      title={valid ? undefined : t('common.date_hint')}
      onValueChange={onValueChange}
      onBlur={() => {
        const day = normalizeDay(value);
        if (day && day !== value) onValueChange(day);
      }}
      rightElement={
        readOnly ? undefined : (
          <span className="gw-date-input-calendar">
            <Button
              variant="minimal"
              icon="calendar"
              aria-label={t('common.pick_date')}
              onClick={() => {
                const field = calendar.current;
                if (!field) return;
                field.value = normalizeDay(value) ?? '';
                try {
                  field.showPicker();
                } catch {
                  field.focus();
                }
              }}
            />
            <input
              ref={calendar}
              type="date"
              tabIndex={-1}
              aria-hidden
              min={min}
              max={max}
              onChange={(event) => {
                if (event.currentTarget.value) onValueChange(event.currentTarget.value);
              }}
            />
          </span>
        )
      }
    />
  );
}
