import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import {
  type ANALYTICS_GROUP_TYPES,
  type DayRange,
  dayRangeRefusal,
  isDayText,
  tidyDayRange,
} from '@gw/core';
import { type FormEvent, useState } from 'react';
import { DateInput } from '../../kit/date-input';
import { useT } from '../../lib/use-t';

export type AnalyticsGroup = (typeof ANALYTICS_GROUP_TYPES)[number];

/** What the period charts are asked for. */
export interface PeriodFilter {
  range: DayRange;
  group: AnalyticsGroup;
  userId: number;
}

/** The group choices in the order the console lists them (spec §8). */
const GROUPS: AnalyticsGroup[] = ['model_type', 'model', 'channel'];

interface PeriodFiltersProps {
  initial: PeriodFilter;
  /** Today (`YYYY-MM-DD`): no later date can be picked. */
  today: string;
  onSearch: (filter: PeriodFilter) => void;
}

/** Date range, grouping and user of the analytics charts; nothing is asked until Search. */
export function PeriodFilters({ initial, today, onSearch }: PeriodFiltersProps) {
  const t = useT();
  const [start, setStart] = useState(initial.range.start);
  const [end, setEnd] = useState(initial.range.end);
  const [group, setGroup] = useState<AnalyticsGroup>(initial.group);
  const [userId, setUserId] = useState(String(initial.userId));
  const refusal = dayRangeRefusal({ start, end }, today);
  const error = refusal ? t(refusal) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) return;
    onSearch({
      range: tidyDayRange({ start, end }),
      group,
      userId: Math.max(0, Number.parseInt(userId, 10) || 0),
    });
  };
  return (
    <form className="gw-analytics-filters" onSubmit={submit}>
      <FormGroup label={t('analytics.period.start')} labelFor="analytics-start">
        <DateInput id="analytics-start" value={start} max={today} onValueChange={setStart} />
      </FormGroup>
      <FormGroup label={t('analytics.period.end')} labelFor="analytics-end">
        <DateInput
          id="analytics-end"
          value={end}
          // Chained to the start: the end's calendar offers no day before it (spec §8).
          min={isDayText(start) ? start : undefined}
          max={today}
          onValueChange={setEnd}
        />
      </FormGroup>
      <FormGroup label={t('analytics.period.group_by')} labelFor="analytics-group">
        <HTMLSelect
          id="analytics-group"
          value={group}
          onChange={(event) => setGroup(event.target.value as AnalyticsGroup)}
          options={GROUPS.map((value) => ({ value, label: t(`analytics.period.group.${value}`) }))}
        />
      </FormGroup>
      <FormGroup label={t('analytics.period.user_id')} labelFor="analytics-user">
        <InputGroup
          id="analytics-user"
          type="number"
          min={0}
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        />
      </FormGroup>
      <Button type="submit" intent="primary" icon="search" disabled={Boolean(error)}>
        {t('analytics.period.search')}
      </Button>
      {error && (
        <p className="gw-field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
