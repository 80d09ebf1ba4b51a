import { Button, InputGroup } from '@blueprintjs/core';
import './date-time-input.css';
import { invoiceMonthOf, normalizeDay } from '@gw/core';
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
  /** A month (`YYYY-MM`, the monthly bill tools) rather than a day. */
  month?: boolean;
}

/** A month typed as `2026-3` or `2026-03` → `2026-03`; undefined when it is not one. */
const normalizeMonth = (text: string) =>
  invoiceMonthOf(text.replace(/^(\s*\d{4})-(\d)\s*$/, '$1-0$2'))?.slice(0, 7);

/**
 * A day written as YYYY-MM-DD in every language. A browser's own date field shows the browser's locale
 * order (mm/dd/yyyy in an English Chromium while the console is in Chinese); here the day is typed as
 * the spec writes it, a typed `2026/3/5` is tidied on leaving the field, and the calendar button opens
 * the browser's own calendar, whose choice is written back the same way.
 */
export function DateInput({ id, value, onValueChange, min, max, readOnly, month, ...rest }: DateInputProps) {
  const t = useT();
  const normalize = month ? normalizeMonth : normalizeDay;
  const calendar = useRef<HTMLInputElement>(null);
  const valid = value === '' || normalize(value) !== undefined;
  return (
    <InputGroup
      id={id}
      className={month ? 'gw-date-input gw-month-input' : 'gw-date-input'}
      aria-label={rest['aria-label']}
      placeholder={month ? 'YYYY-MM' : 'YYYY-MM-DD'}
      maxLength={month ? 7 : 10}
      value={value}
      readOnly={readOnly}
      intent={valid ? 'none' : 'danger'}
      title={valid ? undefined : t(month ? 'common.month_hint' : 'common.date_hint')}
      onValueChange={onValueChange}
      onBlur={() => {
        const day = normalize(value);
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
                field.value = normalize(value) ?? '';
                try {
                  field.showPicker();
                } catch {
                  field.focus();
                }
              }}
            />
            <input
              ref={calendar}
              type={month ? 'month' : 'date'}
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
