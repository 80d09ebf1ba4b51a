import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenForRole, screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { midjourneyImageFileName } from './midjourney.fields.js';
import { MIDJOURNEY_SCREEN } from './midjourney.screen.js';
import { midjourneySchema } from './midjourney.schema.js';

const wire = useWireRecorder();
const ctx = {
  t: (key: string, params?: Record<string, unknown>) => translate('en_US', key, params),
  quota: DEFAULT_QUOTA_DISPLAY,
  time: (seconds: number) => `t${seconds}`,
};
const job = midjourneySchema.parse({
  id: 7,
  mj_id: 'mj-7',
  action: 'IMAGINE',
  code: 22,
  status: 'IN_PROGRESS',
  submit_time: 1_700_000_000_000,
  start_time: 1_700_000_001_000,
  finish_time: 1_700_000_062_500,
  prompt: 'p'.repeat(40),
});
const cell = (id: string, row = job) => {
  const column = MIDJOURNEY_SCREEN.columns.find((candidate) => candidate.id === id);
  return { text: column?.value(row, ctx), chip: column?.chipStyle?.(row), column };
};

describe('Midjourney screen (console-screens §20)', () => {
  it('names only keys every locale has, the action and status labels included', () => {
    const labels = ['IMAGINE', 'SWAP_FACE', 'UPLOAD'].map(
      (action) => cell('action', { ...job, action }).text,
    );
    expect(labels).toEqual(['Imagine', 'Swap face', 'Upload']);
    const keys = [
      ...screenI18nKeys(MIDJOURNEY_SCREEN),
      'tasks.mj_code.not_submitted',
      'tasks.mj_status.modal',
      'tasks.mj_action.custom_zoom',
    ];
    expect(missingLocaleKeys(keys)).toEqual([]);
  });

  it('shows a user their own jobs without channel, user, submit result, status or the channel filter', async () => {
    const user = screenForRole(MIDJOURNEY_SCREEN, 1);
    expect(user.columns.map((column) => column.id)).toEqual([
      'mj_id',
      'submit_time',
      'action',
      'progress',
      'duration',
      'image_url',
      'prompt',
      'prompt_en',
      'fail_reason',
    ]);
    expect(user.filters.map((filter) => filter.name)).toEqual(['mj_id', 'start_timestamp', 'end_timestamp']);
    wire.answer('GET /api/mj/self', { data: [job], page: 1, size: 10, total_count: 1 });
    const page = await user.list(wire.client, {
      page: 1,
      size: 10,
      order: '-id',
      mj_id: 'mj-7',
      start_timestamp: '1700000000',
    });
    expect(page.data[0]?.mj_id).toBe('mj-7');
    // The URL keeps seconds; the Midjourney API takes milliseconds.
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/mj/self?page=1&size=10&order=-id&mj_id=mj-7&start_timestamp=1700000000000',
    );
  });

  it("lists everyone's jobs for admins, with the channel filter and every column", async () => {
    const admin = screenForRole(MIDJOURNEY_SCREEN, 10);
    expect(admin.columns).toHaveLength(MIDJOURNEY_SCREEN.columns.length);
    wire.answer('GET /api/mj/', { data: [], page: 1, size: 10, total_count: 0 });
    await admin.list(wire.client, {
      page: 2,
      size: 30,
      order: 'submit_time',
      channel_id: '3',
      end_timestamp: '5',
    });
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/mj/?page=2&size=30&order=submit_time&end_timestamp=5000&channel_id=3',
    );
  });

  it('colours unknown actions and slow jobs red and cuts long text at 30 characters', () => {
    expect(cell('action').chip).toEqual({ tone: 'primary' });
    expect(cell('action', { ...job, action: 'LEVITATE' })).toMatchObject({
      text: 'LEVITATE',
      chip: { tone: 'error' },
    });
    expect(cell('duration')).toMatchObject({ text: '61.5 s', chip: { tone: 'error' } });
    expect(cell('duration', { ...job, finish_time: job.start_time + 5000 })).toMatchObject({
      text: '5.0 s',
      chip: { tone: 'default' },
    });
    expect(cell('duration', { ...job, finish_time: 0 }).text).toBe('');
    expect(cell('code').text).toBe('Duplicate');
    expect(cell('status').text).toBe('Running');
    expect(cell('submit_time').text).toBe('t1700000000');
    expect(cell('prompt').column?.truncate).toBe(30);
    expect(midjourneyImageFileName(job)).toBe('mj-7.png');
    expect(midjourneyImageFileName({ id: 9, mj_id: 'a/b' })).toBe('a_b.png');
  });
});
