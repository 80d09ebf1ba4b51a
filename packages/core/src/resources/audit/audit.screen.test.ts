import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTA_DISPLAY } from '../../format/quota.js';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import { NAVIGATION, navigationForRole } from '../../navigation/navigation.js';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { screenI18nKeys } from '../../screens/screen-model.js';
import { missingLocaleKeys } from '../../screens/test-support/locale-keys.js';
import { AUDIT_SCREEN } from './audit.screen.js';
import { AUDIT_RESOURCES, AUDIT_SORT_FIELDS, auditChangeRows, auditEntrySchema } from './audit.schema.js';

const wire = useWireRecorder();
const ctx = {
  t: (key: string, params?: Record<string, unknown>) => translate('en_US', key, params),
  quota: DEFAULT_QUOTA_DISPLAY,
  time: (seconds: number) => `t${seconds}`,
};
const entry = auditEntrySchema.parse({
  id: 7,
  created_at: 1000,
  user_id: 1,
  username: 'root',
  role: 100,
  ip: '10.0.0.9',
  action: 'channel.update',
  resource: 'channel',
  resource_id: '4',
  method: 'PUT',
  path: '/api/channel/',
  success: true,
  error: '',
  changes: { name: { before: 'a', after: 'b' }, key: { before: '***', after: '***' }, weight: { after: 2 } },
});
const cell = (id: string, row = entry) => {
  const column = AUDIT_SCREEN.columns.find((candidate) => candidate.id === id);
  return { text: column?.value(row, ctx), chip: column?.chipStyle?.(row) };
};

describe('audit trail screen (issue 15)', () => {
  it('names only keys every locale has, each resource included', () => {
    expect(missingLocaleKeys(screenI18nKeys(AUDIT_SCREEN))).toEqual([]);
    const keys = [
      ...AUDIT_RESOURCES.map((resource) => `audit.resources.${resource}`),
      'audit.anonymous',
      'nav.audit',
    ];
    expect(missingLocaleKeys(keys)).toEqual([]);
    for (const language of LANGUAGES)
      expect(translate(language, 'cli.audit.description')).not.toBe('cli.audit.description');
  });

  it('is in the admins’ menu only', () => {
    const ids = (role: number) => JSON.stringify(navigationForRole(role, NAVIGATION));
    expect(ids(10)).toContain('"audit"');
    expect(ids(1)).not.toContain('"audit"');
  });

  it('sends the actor, resource, action, record and time filters', async () => {
    wire.answer('GET /api/audit', { data: [entry], page: 1, size: 10, total_count: 1 });
    const page = await AUDIT_SCREEN.list(wire.client, {
      page: 1,
      size: 10,
      order: '-id',
      username: 'root',
      resource: 'channel',
      action: 'channel.update',
      resource_id: '4',
      start_timestamp: '50',
      end_timestamp: '60',
    });
    expect(wire.requests.at(-1)?.url).toBe(
      '/api/audit?page=1&size=10&order=-id&username=root&action=channel.update&resource=channel&resource_id=4&start_timestamp=50&end_timestamp=60',
    );
    expect(page.data[0]?.changes.key).toEqual({ before: '***', after: '***' });
    for (const column of AUDIT_SCREEN.columns) {
      if (column.sortField) expect(AUDIT_SORT_FIELDS as readonly string[]).toContain(column.sortField);
    }
  });

  it('shows who, what, the result and the changed fields before → after', () => {
    expect(cell('actor').text).toBe('root (#1)');
    expect(cell('actor', { ...entry, user_id: 0, username: '' }).text).toBe('(not signed in)');
    expect(cell('resource').text).toBe('Channel');
    expect(cell('resource', { ...entry, resource: 'other' }).text).toBe('other');
    expect(cell('success')).toEqual({ text: 'Made', chip: { tone: 'success' } });
    expect(cell('success', { ...entry, success: false, error: 'FORBIDDEN' })).toEqual({
      text: 'Refused FORBIDDEN',
      chip: { tone: 'error' },
    });
    expect(cell('changes').text).toBe('name: a → b; key: *** → ***; weight: ∅ → 2');
    expect(cell('path').text).toBe('PUT /api/channel/');
  });

  it('lists the changed fields as rows for the detail, a missing side empty', () => {
    expect(auditChangeRows(entry.changes)).toEqual([
      { field: 'name', before: 'a', after: 'b' },
      { field: 'key', before: '***', after: '***' },
      { field: 'weight', before: '', after: '2' },
    ]);
    const keys = ['title', 'open', 'field', 'before', 'after', 'none'].map((key) => `audit.detail.${key}`);
    expect(missingLocaleKeys(keys)).toEqual([]);
  });
});
