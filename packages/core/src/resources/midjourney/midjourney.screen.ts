// The Midjourney screen (console-screens §20): admins list every job, users their own; the filters are
// kept in the URL in seconds like every other time filter and sent to the API in milliseconds.
import {
  type FilterDef,
  pagedKeywordQuery,
  queryNumber,
  queryText,
  type ScreenDef,
  type ScreenQuery,
  timeRangeFilters,
} from '../../screens/screen-model.js';
import { listMidjourney, listSelfMidjourney } from './midjourney.api.js';
import { MIDJOURNEY_COLUMNS } from './midjourney.fields.js';
import type { Midjourney, MidjourneySelfQuery } from './midjourney.schema.js';

const milliseconds = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

/** A screen query as the Midjourney lists take it: times from seconds to milliseconds. */
export function midjourneyListQuery(query: ScreenQuery): MidjourneySelfQuery {
  return {
    ...pagedKeywordQuery(query),
    mj_id: queryText(query, 'mj_id'),
    start_timestamp: milliseconds(queryNumber(query, 'start_timestamp')),
    end_timestamp: milliseconds(queryNumber(query, 'end_timestamp')),
  };
}

/** Channel (admins), task id and the submit-time range (§20). */
export const MIDJOURNEY_FILTERS: readonly FilterDef[] = [
  { name: 'channel_id', kind: 'int', labelKey: 'tasks.fields.channel_id', adminOnly: true },
  { name: 'mj_id', kind: 'text', labelKey: 'tasks.fields.task_id' },
  ...timeRangeFilters('tasks.filters.start_time', 'tasks.filters.end_time'),
];

export const MIDJOURNEY_SCREEN: ScreenDef<Midjourney> = {
  id: 'midjourney',
  titleKey: 'tasks.mj_title',
  entity: 'midjourney',
  rowKey: (job) => job.id,
  rowName: (job) => job.mj_id || String(job.id),
  columns: MIDJOURNEY_COLUMNS,
  list: (client, query) =>
    listMidjourney(client, { ...midjourneyListQuery(query), channel_id: queryNumber(query, 'channel_id') }),
  selfList: (client, query) => listSelfMidjourney(client, midjourneyListQuery(query)),
  filters: MIDJOURNEY_FILTERS,
  defaultOrder: '-id',
  pageSizeKey: 'midjourney',
  emptyKey: 'tasks.mj_empty',
  refreshClearsFilters: true,
  rowActions: [],
};
