// The async task screen (console-screens §21): admins list every task, users their own; times in seconds.
import {
  choicesWithAll,
  type FilterDef,
  pagedKeywordQuery,
  queryNumber,
  queryText,
  type ScreenDef,
  type ScreenQuery,
  timeRangeFilters,
} from '../../screens/screen-model.js';
import { listSelfTasks, listTasks } from './tasks.api.js';
import { TASK_COLUMNS } from './tasks.fields.js';
import {
  TASK_PLATFORMS,
  TASK_STATUSES,
  type Task,
  type TaskSelfQuery,
  taskStatusKey,
} from './tasks.schema.js';

/** A screen query as the task lists take it. */
export function taskListQuery(query: ScreenQuery): TaskSelfQuery {
  return {
    ...pagedKeywordQuery(query),
    task_id: queryText(query, 'task_id'),
    platform: queryText(query, 'platform'),
    status: queryText(query, 'status'),
    start_timestamp: queryNumber(query, 'start_timestamp'),
    end_timestamp: queryNumber(query, 'end_timestamp'),
  };
}

/**
 * Channel (admins), task id and the submit-time range (§21), plus the platform and status one-hub's
 * filter state holds without offering an input (Appendix E).
 */
export const TASK_FILTERS: readonly FilterDef[] = [
  { name: 'channel_id', kind: 'int', labelKey: 'tasks.fields.channel_id', adminOnly: true },
  { name: 'task_id', kind: 'text', labelKey: 'tasks.fields.task_id' },
  {
    name: 'platform',
    kind: 'select',
    labelKey: 'tasks.fields.platform',
    options: choicesWithAll(TASK_PLATFORMS, (platform) => `tasks.platform.${platform}`),
  },
  {
    name: 'status',
    kind: 'select',
    labelKey: 'tasks.fields.status',
    options: choicesWithAll(TASK_STATUSES, taskStatusKey),
  },
  ...timeRangeFilters('tasks.filters.start_time', 'tasks.filters.end_time'),
];

export const TASK_SCREEN: ScreenDef<Task> = {
  id: 'task',
  titleKey: 'tasks.title',
  entity: 'tasks',
  rowKey: (task) => task.id,
  rowName: (task) => task.task_id || String(task.id),
  columns: TASK_COLUMNS,
  list: (client, query) =>
    listTasks(client, { ...taskListQuery(query), channel_id: queryNumber(query, 'channel_id') }),
  selfList: (client, query) => listSelfTasks(client, taskListQuery(query)),
  filters: TASK_FILTERS,
  defaultOrder: '-id',
  pageSizeKey: 'task',
  emptyKey: 'tasks.empty',
  refreshClearsFilters: true,
  rowActions: [],
};
