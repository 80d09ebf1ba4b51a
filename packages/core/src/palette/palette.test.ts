import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.js';
import {
  actionEntries,
  flattenPalette,
  movePaletteIndex,
  paletteSearches,
  rankPalette,
  screenEntries,
} from './palette.js';
import { matchScore, queryWords, wordScore } from './palette-match.js';
import { queryRecordId, tokenEntry } from './palette-records.js';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
const keys = (role: number, query: string, t = en) =>
  flattenPalette(rankPalette([...actionEntries(role, t), ...screenEntries(role, t)], query)).map(
    (entry) => entry.key,
  );

describe('palette matching', () => {
  it('scores a whole match over a start, a word start, an inside match and letters in order', () => {
    expect(wordScore('users', 'users')).toBe(100);
    expect(wordScore('us', 'users')).toBe(80);
    expect(wordScore('user', 'multi_user_stats')).toBe(60);
    expect(wordScore('ser', 'users')).toBe(40);
    expect(wordScore('mus', 'multi_user_stats')).toBe(10);
    expect(wordScore('x', 'users')).toBe(0);
    // One letter never matches loosely, or it would match nearly everything.
    expect(wordScore('u', 'token')).toBe(0);
  });

  it('needs every typed word to match, ignores case, width and the TUI prompt', () => {
    expect(queryWords(' :Test  ALL ')).toEqual(['test', 'all']);
    expect(matchScore('ＵＳＥＲＳ', 'Users')).toBeGreaterThan(100);
    expect(matchScore('test all', 'Test all channels')).toBeGreaterThan(0);
    expect(matchScore('test zzz', 'Test all channels')).toBe(0);
    expect(matchScore('', 'anything')).toBe(1);
  });

  it('finds by id and alias as well as by title', () => {
    expect(matchScore('ch', 'Channels', ['channel', 'channels', 'ch'])).toBeGreaterThan(0);
    expect(matchScore('tk', 'Tokens', ['token', 'tk'])).toBe(101);
  });
});

describe('palette entries and ranking', () => {
  it('ranks the screen whose title starts with the text first ("us" → Users before Multi-user stats)', () => {
    const found = keys(100, 'us');
    expect(found[0]).toBe('screen:user');
    expect(found).toContain('screen:multi_user_stats');
  });

  it('matches titles in the language in use (用户 in Chinese)', () => {
    const found = keys(100, zh('nav.user'), zh);
    expect(found[0]).toBe('screen:user');
    // Typed Latin letters still find screens by id and alias there, the closest id first.
    expect(keys(100, 'us', zh)[0]).toBe('screen:user');
    // The English title is not what a Chinese console shows, so it finds nothing there.
    expect(keys(100, 'zzzz', zh)).toEqual([]);
  });

  it('gives a plain user no admin screen and no action, and searches only their tokens', () => {
    const all = keys(1, '');
    expect(all).toContain('screen:token');
    expect(all.some((key) => key.startsWith('action:'))).toBe(false);
    for (const admin of ['screen:user', 'screen:channel', 'screen:setting', 'screen:system_info'])
      expect(all).not.toContain(admin);
    expect(paletteSearches(1)).toEqual(['tokens']);
    expect(paletteSearches(10)).toEqual(['channels', 'users', 'tokens']);
  });

  it('offers an admin the three common actions, test all behind a question', () => {
    const actions = actionEntries(10, en);
    expect(actions.map((entry) => entry.key)).toEqual([
      'action:new_channel',
      'action:test_all_channels',
      'action:new_redemption',
    ]);
    expect(actions[0]?.url).toBe('/panel/channel?new=1');
    expect(actions[1]?.action?.confirmKey).toBe('palette.confirm.test_all_channels');
    expect(keys(10, 'test all')[0]).toBe('action:test_all_channels');
  });

  it('keeps root-only screens from admins', () => {
    expect(keys(10, 'system')).not.toContain('screen:system_info');
    expect(keys(100, 'system')).toContain('screen:system_info');
  });

  it('shows a screen under its menu path and groups results in a fixed order', () => {
    const pricing = screenEntries(100, en).find((entry) => entry.key === 'screen:pricing');
    expect(pricing?.detail).toBe(`${en('nav.group.settings')} › ${en('nav.operation')}`);
    const sections = rankPalette(
      [...screenEntries(100, en), ...actionEntries(100, en), tokenEntry(tokenRow, en)],
      'new',
    );
    expect(sections.map((section) => section.group)).toEqual(['actions', 'tokens']);
    // The group holding the best match comes first: `ch` is the Channels screen's own alias.
    expect(keys(100, 'ch')[0]).toBe('screen:channel');
  });

  it('caps each group and walks the entries round with the arrow keys', () => {
    expect(rankPalette(screenEntries(100, en), '', 3)[0]?.entries).toHaveLength(3);
    expect(movePaletteIndex(0, 3, 1)).toBe(1);
    expect(movePaletteIndex(2, 3, 1)).toBe(0);
    expect(movePaletteIndex(0, 3, -1)).toBe(2);
    expect(movePaletteIndex(-1, 0, 1)).toBe(-1);
  });
});

const tokenRow = {
  id: 7,
  name: 'newsletter-bot',
} as Parameters<typeof tokenEntry>[0];

describe('palette records', () => {
  it('reads a typed record id, with or without #', () => {
    expect(queryRecordId('12')).toBe(12);
    expect(queryRecordId(' #12 ')).toBe(12);
    expect(queryRecordId('12a')).toBeUndefined();
    expect(queryRecordId('0')).toBeUndefined();
  });

  it('opens a token in the token list searched for its name, and finds it by id', () => {
    const entry = tokenEntry(tokenRow, en);
    expect(entry.url).toBe('/panel/token?keyword=newsletter-bot');
    expect(matchScore('7', entry.title, entry.terms)).toBe(101);
    expect(entry.detail).toBe('#7');
  });
});
