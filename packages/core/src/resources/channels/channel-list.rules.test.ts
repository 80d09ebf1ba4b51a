import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.js';
import { channelCreateSchema, channelUpdateSchema } from './channels-input.schema.js';
import { type Channel, channelSchema } from './channels.schema.js';
import { inlineNumberEdit } from '../../screens/screen-model.js';
import {
  balanceCurrency,
  CHANNEL_PRIORITY_INLINE,
  CHANNEL_TAG_PRIORITY_INLINE,
  CHANNEL_WEIGHT_INLINE,
  channelModels,
  channelRowKey,
  channelRowName,
  channelStatusCaptionKey,
  channelTypeWebsite,
  cloneChannelInput,
  formatChannelBalance,
  isTagRow,
  pageOf,
  quickEditInput,
  responseTimeBand,
  responseTimeText,
  selectionState,
  toggleAllSelected,
} from './channel-list.rules.js';

const stored = channelSchema.parse({
  id: 7,
  type: 1,
  key: 'sk-secret',
  status: 3,
  name: 'east',
  weight: 4,
  priority: 9,
  test_time: 1_700_000_000,
  response_time: 1234,
  balance: 12.5,
  balance_updated_time: 1_700_000_100,
  used_quota: 5000,
  models: 'gpt-4o, gpt-4o-mini,gpt-4o',
  group: 'default,vip',
  test_model: 'gpt-4o-mini',
  proxy: 'http://proxy:8080',
});

describe('response-time chip (console-screens §1.3)', () => {
  it('bands ≤1 s, ≤3 s, ≤5 s and slower; 0 is never tested', () => {
    expect(responseTimeBand(0)).toBe('untested');
    expect(responseTimeBand(1000)).toBe('fast');
    expect(responseTimeBand(1001)).toBe('good');
    expect(responseTimeBand(3000)).toBe('good');
    expect(responseTimeBand(5000)).toBe('slow');
    expect(responseTimeBand(5001)).toBe('bad');
  });

  it('shows seconds with two decimals, nothing when untested', () => {
    expect(responseTimeText(1234)).toBe('1.23 s');
    expect(responseTimeText(0)).toBeUndefined();
  });
});

describe('balance line', () => {
  it('is in yuan for Deepseek and SiliconFlow, dollars otherwise', () => {
    expect(balanceCurrency(28)).toBe('¥');
    expect(balanceCurrency(45)).toBe('¥');
    expect(balanceCurrency(1)).toBe('$');
    expect(formatChannelBalance(3, 28)).toBe('¥3.00');
    expect(formatChannelBalance(12.345, 1)).toBe('$12.35');
    expect(formatChannelBalance(-2, 8)).toBe('-$2.00');
  });
});

describe('status caption', () => {
  it('says enabled, manual or automatic, each translated', () => {
    expect(translate('en_US', channelStatusCaptionKey(1))).toBe('Enabled');
    expect(translate('en_US', channelStatusCaptionKey(2))).toBe('Manual');
    expect(translate('en_US', channelStatusCaptionKey(3))).toBe('Automatic');
    expect(translate('zh_CN', channelStatusCaptionKey(3))).toBe('自动禁用');
  });
});

describe('inline priority and weight', () => {
  const row = { id: 1, tag: '', priority: 3, weight: 1 } as Channel;
  it('refuses empty, fractional and too-small values', () => {
    expect(inlineNumberEdit(CHANNEL_PRIORITY_INLINE, row, ' ')).toEqual({
      kind: 'invalid',
      messageKey: 'channels.list.value_required',
    });
    expect(inlineNumberEdit(CHANNEL_PRIORITY_INLINE, row, '1.5')).toEqual({
      kind: 'invalid',
      messageKey: 'validation.integer',
    });
    expect(inlineNumberEdit(CHANNEL_PRIORITY_INLINE, row, '-1')).toEqual({
      kind: 'invalid',
      messageKey: 'channels.validation.priority_min',
    });
    expect(inlineNumberEdit(CHANNEL_WEIGHT_INLINE, row, '0')).toEqual({
      kind: 'invalid',
      messageKey: 'channels.validation.weight_min',
    });
  });

  it('sends only a changed value; 0 is a priority; the tag row saves through its ✓ too', () => {
    expect(inlineNumberEdit(CHANNEL_PRIORITY_INLINE, row, '3')).toEqual({ kind: 'unchanged' });
    expect(inlineNumberEdit(CHANNEL_PRIORITY_INLINE, row, '0')).toEqual({ kind: 'save', value: 0 });
    expect(inlineNumberEdit(CHANNEL_WEIGHT_INLINE, row, '5')).toEqual({ kind: 'save', value: 5 });
    expect(CHANNEL_TAG_PRIORITY_INLINE.confirmLabelKey).toBe('channels.list.save_tag_priority');
  });
});

describe('tag rows and models', () => {
  it('a row with a tag stands for the tag', () => {
    expect(isTagRow({ tag: 'red' })).toBe(true);
    expect(isTagRow({ tag: '' })).toBe(false);
  });

  it('keys and names a tag row by its tag, an untagged row by its id and name', () => {
    expect(channelRowKey({ id: 4, tag: 'red' })).toBe('tag:red');
    expect(channelRowKey({ id: 4, tag: '' })).toBe(4);
    expect(channelRowName({ name: 'red_3', tag: 'red' })).toBe('red');
    expect(channelRowName({ name: 'east', tag: '' })).toBe('east');
  });

  it('lists the models once each, trimmed', () => {
    expect(channelModels(stored)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(channelModels({ models: '' })).toEqual([]);
  });
});

describe('copy (clone)', () => {
  it('keeps the stored fields, drops the id and history, names it _copy, passes the create schema', () => {
    const input = cloneChannelInput(stored);
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('test_time');
    expect(input).not.toHaveProperty('response_time');
    expect(input).not.toHaveProperty('used_quota');
    expect(input).not.toHaveProperty('balance_updated_time');
    expect(input).toMatchObject({
      name: 'east_copy',
      key: 'sk-secret',
      priority: 9,
      weight: 4,
      proxy: 'http://proxy:8080',
    });
    // Disabled by the system → the clone is disabled by hand.
    expect(input.status).toBe(2);
    expect(channelCreateSchema.safeParse(input).success).toBe(true);
  });
});

describe('quick edit of a tag member', () => {
  it('is a full edit with only the name and key changed', () => {
    const input = quickEditInput(stored, { name: ' west ', key: ' sk-new ' });
    expect(input).toMatchObject({ id: 7, name: 'west', key: 'sk-new', models: stored.models, priority: 9 });
    expect(channelUpdateSchema.safeParse(input).success).toBe(true);
  });
});

describe('sub-table selection and paging', () => {
  it('header checkbox: none, some (indeterminate), all; toggles every row shown', () => {
    expect(selectionState(new Set(), [1, 2])).toBe('none');
    expect(selectionState(new Set([1]), [1, 2])).toBe('some');
    expect(selectionState(new Set([1, 2]), [1, 2])).toBe('all');
    expect([...toggleAllSelected(new Set([1]), [1, 2])]).toEqual([1, 2]);
    expect([...toggleAllSelected(new Set([1, 2, 9]), [1, 2])]).toEqual([9]);
  });

  it('pages a whole list from 1', () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
  });
});

describe('official website', () => {
  it('is known for some types, absent for others', () => {
    expect(channelTypeWebsite(28)).toMatch(/^https:\/\/platform\.deepseek\.com/);
    expect(channelTypeWebsite(8)).toBeUndefined();
  });
});
