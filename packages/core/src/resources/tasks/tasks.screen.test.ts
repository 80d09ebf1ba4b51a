import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenForRole, screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { taskDetail } from './task-detail.js';
import { TASK_SCREEN } from './tasks.screen.js';
import { TASK_SORT_FIELDS, taskSchema } from './tasks.schema.js';

const wire = useWireRecorder();
const ctx = {
  t: (key: string, params?: Record<string, unknown>) => translate('en_US', key, params),
  quota: DEFAULT_QUOTA_DISPLAY,
  time: (seconds: number) => `t${seconds}`,
};
const task = taskSchema.parse({
  id: 3,
  task_id: 'suno-3',
  platform: 'suno',
  action: 'MUSIC',
  status: 'SUBMITTED',
  submit_time: 100,
  finish_time: 190,
  progress: 40,
});
const cell = (id: string, row = task) => {
  const column = TASK_SCREEN.columns.find((candidate) => candidate.id === id);
  return { text: column?.value(row, ctx), chip: column?.chipStyle?.(row) };
};

describe('async task screen (console-screens §21)', () => {
  it('names only keys every locale has', () => {
    expect(missingLocaleKeys(screenI18nKeys(TASK_SCREEN))).toEqual([]);
  });

  it('lists a user their own tasks (no channel or user) and admins everyone’s', async () => {
    const user = screenForRole(TASK_SCREEN, 1);
    expect(user.columns.map((column) => column.id)).not.toContain('channel_id');
    expect(user.columns.map((column) => column.id)).not.toContain('user_id');
    expect(user.filters.map((filter) => filter.name)).not.toContain('channel_id');
    wire.answer('GET /api/task/self', { data: [task], page: 1, size: 10, total_count: 1 });
    await user.list(wire.client, {
      page: 1,
      size: 10,
      order: '-id',
      status: 'SUCCESS',
      start_timestamp: '50',
    });
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/task/self?page=1&size=10&order=-id&status=SUCCESS&start_timestamp=50',
    );
    wire.answer('GET /api/task/', { data: [], page: 1, size: 10, total_count: 0 });
    await screenForRole(TASK_SCREEN, 100).list(wire.client, {
      page: 1,
      size: 10,
      order: 'status',
      channel_id: '4',
      platform: 'kling',
    });
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/task/?page=1&size=10&order=status&platform=kling&channel_id=4',
    );
    // The status column sorts, so the server takes `status` as an order field.
    expect(TASK_SORT_FIELDS).toContain('status');
  });

  it('shows the status, platform, progress and a slow duration in red', () => {
    expect(cell('status')).toEqual({ text: 'Queued', chip: { tone: 'info' } });
    expect(cell('platform').text).toBe('Suno');
    expect(cell('progress').text).toBe('40%');
    expect(cell('duration')).toEqual({ text: '90.0 s', chip: { tone: 'error' } });
    expect(cell('finish_time', { ...task, finish_time: 0 }).text).toBe('');
  });

  it('opens nothing, a Suno task’s tracks, or the result as JSON', () => {
    expect(taskDetail(task)).toEqual({ kind: 'empty' });
    const song = {
      id: 'c1',
      title: 'Night drive',
      image_url: 'https://cdn.test/c1.png',
      audio_url: 'https://cdn.test/c1.mp3',
      video_url: 'https://cdn.test/c1.mp4',
      metadata: { prompt: '[Verse] lights', tags: 'synthwave' },
    };
    const suno = taskDetail({ ...task, data: [song, { id: 'no-media' }] });
    expect(suno).toMatchObject({
      kind: 'suno',
      tracks: [
        {
          id: 'c1',
          title: 'Night drive',
          cover: 'https://cdn.test/c1.png',
          audioUrl: 'https://cdn.test/c1.mp3',
          videoUrl: 'https://cdn.test/c1.mp4',
          lyrics: '[Verse] lights',
          tags: 'synthwave',
        },
      ],
    });
    expect(taskDetail({ ...task, data: JSON.stringify({ data: [song] }) }).kind).toBe('suno');
    expect(taskDetail({ ...task, platform: 'kling', data: { video: 'x' } })).toEqual({
      kind: 'json',
      text: '{\n  "video": "x"\n}',
    });
    expect(taskDetail({ ...task, action: 'LYRICS', data: { text: 'la' } }).kind).toBe('json');
  });
});
