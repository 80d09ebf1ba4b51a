import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import {
  csvDownloadHref,
  screenForRole,
  screenI18nKeys,
  screenQueryFromParams,
} from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { LOG_SCREEN, loadLogStat, logDetailLines, logStatText } from './logs.screen.js';
import { logSchema, logStatSchema } from './logs.schema.js';

const wire = useWireRecorder();
const ctx = {
  t: (key: string, params?: Record<string, unknown>) => translate('en_US', key, params),
  quota: DEFAULT_QUOTA_DISPLAY,
  time: (seconds: number) => `t${seconds}`,
};
const log = logSchema.parse({
  id: 7,
  user_id: 2,
  created_at: 100,
  type: 2,
  username: 'alice',
  token_name: 'k1',
  model_name: 'gpt-4o',
  quota: 1500,
  prompt_tokens: 10,
  completion_tokens: 20,
  channel_id: 3,
  channel: { id: 3, name: 'main' },
  request_time: 1200,
  is_stream: true,
  source_ip: '10.0.0.1',
  metadata: { group_name: 'vip' },
});
const page = { data: [log], page: 1, size: 10, total_count: 1 };
const query = {
  page: 2,
  size: 10,
  order: '-created_at',
  log_type: '2',
  model_name: 'gpt-4o',
  start_timestamp: '50',
  channel_id: '3',
  username: 'alice',
};

describe('log screen (console-screens §3)', () => {
  it('names only keys every locale has', () => {
    const keys = [
      ...screenI18nKeys(LOG_SCREEN),
      ...logDetailLines(log, ctx, true).map((line) => line.labelKey),
      'logs.stat.quota',
      'logs.stat.rpm',
      'logs.stat.tpm',
      'logs.stat.label',
      'logs.detail.title',
      'logs.detail.open',
      'logs.detail.metadata',
      'logs.export',
    ];
    expect(missingLocaleKeys(keys)).toEqual([]);
  });

  it('sends admins’ filters to /api/log/ and a user’s own ones to /api/log/self', async () => {
    wire.answer('GET /api/log/', page);
    await LOG_SCREEN.list(wire.client, query);
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/log/?page=2&size=10&order=-created_at&log_type=2&model_name=gpt-4o&start_timestamp=50&channel_id=3&username=alice',
    );
    const user = screenForRole(LOG_SCREEN, 1);
    expect(user.filters.map((filter) => filter.name)).not.toContain('username');
    expect(user.columns.map((column) => column.id)).not.toContain('channel');
    wire.answer('GET /api/log/self', page);
    await user.list(wire.client, { page: 1, size: 10, order: '-created_at', token_name: 'k1' });
    expect(wire.requests.at(-1)?.url).toBe('/api/log/self?page=1&size=10&order=-created_at&token_name=k1');
  });

  it('ends the default time range an hour from now, so the newest logs show', () => {
    const read = screenQueryFromParams(LOG_SCREEN, new URLSearchParams(), 10);
    const end = Number(read.end_timestamp);
    expect(end - Math.floor(Date.now() / 1000)).toBeGreaterThan(3500);
    expect(read.start_timestamp).toBeUndefined();
  });

  it('asks the stat of the same filter, the channel filter named `channel`', async () => {
    wire.answer('GET /api/log/stat', { quota: 1, rpm: 2, tpm: 3 });
    const stat = await loadLogStat(wire.client, query, true);
    expect(stat).toMatchObject({ quota: 1, rpm: 2, tpm: 3 });
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/log/stat?start_timestamp=50&model_name=gpt-4o&username=alice&channel=3',
    );
    wire.answer('GET /api/log/self/stat', { quota: 0 });
    await loadLogStat(wire.client, query, false);
    expect(wire.requests.at(-1)?.url).toBe('/api/log/self/stat?start_timestamp=50&model_name=gpt-4o');
    expect(logStatText(logStatSchema.parse({ quota: 500_000, rpm: 4, tpm: 5000 }), ctx)).toBe(
      'Quota used: $1.000000 · RPM: 4 · TPM: 5,000',
    );
  });

  it('links the export to the server with the filters, the self path below admin', () => {
    const admin = LOG_SCREEN.csvDownload;
    const self = screenForRole(LOG_SCREEN, 1).csvDownload;
    if (!admin || !self) throw new Error('the log screen exports');
    expect(csvDownloadHref(admin, query, 'en_US')).toBe(
      '/api/log/export?log_type=2&model_name=gpt-4o&start_timestamp=50&channel_id=3&username=alice&lang=en_US',
    );
    expect(csvDownloadHref(self, { page: 1, size: 10, order: '' }, 'zh_CN')).toBe(
      '/api/log/self/export?lang=zh_CN',
    );
  });

  it('details every column the role sees and the fields no column shows', () => {
    const admin = logDetailLines(log, ctx, true).map((line) => [line.labelKey, line.text]);
    expect(admin).toContainEqual(['logs.fields.channel', '3 (main)']);
    expect(admin).toContainEqual(['logs.fields.source_ip', '10.0.0.1']);
    // Each label once, though the source IP is a column and a detail field too.
    const labels = admin.map(([label]) => label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(admin).toContainEqual(['logs.fields.is_stream', 'Yes']);
    expect(admin).toContainEqual(['logs.fields.quota_points', '1500']);
    // A call's cost shows 6 decimals (§3); a top-up's amount 2.
    expect(admin).toContainEqual(['logs.fields.quota', '$0.003000']);
    const topup = logDetailLines({ ...log, type: 1, quota: 5_000_000 }, ctx, true);
    expect(topup).toContainEqual({ labelKey: 'logs.fields.quota', text: '$10.00' });
    const self = logDetailLines(log, ctx, false).map((line) => line.labelKey);
    expect(self).not.toContain('logs.fields.channel');
    expect(self).not.toContain('logs.fields.username');
  });
});
