// The records the palette finds on the server by name or id: channels and users (admins), tokens.
import type { ApiClient } from '../http/client.js';
import type { Translate } from '../i18n/i18n.js';
import { getChannel, listChannels } from '../resources/channels/channels.api.js';
import type { Channel } from '../resources/channels/channels.schema.js';
import { getToken, listTokens } from '../resources/tokens/tokens.api.js';
import type { Token } from '../resources/tokens/tokens.schema.js';
import { listUsers } from '../resources/users/users-admin.api.js';
import type { User } from '../resources/users/users.schema.js';
import { type PaletteEntry, paletteSearches } from './palette.js';
import { normalizeSearchText } from './palette-match.js';

/** `#12 text`, or `#12` alone when there is nothing to add. */
const detail = (t: Translate, id: number, text: string) =>
  text ? t('palette.record_detail', { id, text }) : `#${id}`;

/** A channel as a palette row: opens the channel list filtered to its name. */
export function channelEntry(channel: Channel, t: Translate): PaletteEntry {
  return {
    key: `channel:${channel.id}`,
    group: 'channels',
    title: channel.name,
    detail: detail(t, channel.id, channel.group),
    terms: [String(channel.id), `#${channel.id}`, channel.group],
    icon: 'graph',
    url: `/panel/channel?name=${encodeURIComponent(channel.name)}`,
  };
}

/** A user as a palette row: opens the user list searched for the username. */
export function userEntry(user: User, t: Translate): PaletteEntry {
  return {
    key: `user:${user.id}`,
    group: 'users',
    title: user.username,
    detail: detail(t, user.id, user.display_name || user.email || ''),
    terms: [String(user.id), `#${user.id}`, user.display_name, user.email ?? '', user.group],
    icon: 'person',
    url: `/panel/user?keyword=${encodeURIComponent(user.username)}`,
  };
}

/** A token as a palette row: opens the token list searched for its name. */
export function tokenEntry(token: Token, t: Translate): PaletteEntry {
  return {
    key: `token:${token.id}`,
    group: 'tokens',
    title: token.name,
    detail: detail(t, token.id, ''),
    terms: [String(token.id), `#${token.id}`],
    icon: 'key',
    url: `/panel/token?keyword=${encodeURIComponent(token.name)}`,
  };
}

/** The typed text as a record id (`12`, `#12`), or undefined. */
export function queryRecordId(query: string): number | undefined {
  const match = /^#?(\d{1,9})$/.exec(normalizeSearchText(query));
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Finds records by name or id for the palette: channels by name (substring) and id, users by the
 * server's keyword (id, or username / e-mail / display name prefix), the caller's tokens by name
 * prefix and id. A group whose call fails is left out (the palette still shows the rest).
 */
export async function searchPaletteRecords(
  client: ApiClient,
  role: number,
  query: string,
  t: Translate,
  size = 5,
): Promise<PaletteEntry[]> {
  const text = query.trim().replace(/^#/, '');
  if (!text) return [];
  const id = queryRecordId(query);
  const groups = paletteSearches(role);
  const byId = <T>(find: () => Promise<T>) =>
    id === undefined ? Promise.resolve([]) : find().then((row) => [row]);
  const calls: Promise<PaletteEntry[]>[] = [];
  if (groups.includes('channels')) {
    calls.push(
      Promise.allSettled([
        byId(() => getChannel(client, id as number)),
        listChannels(client, { name: text, size }),
      ]).then(([one, page]) =>
        unique([...settled(one), ...(page.status === 'fulfilled' ? page.value.data : [])]).map((row) =>
          channelEntry(row, t),
        ),
      ),
    );
  }
  if (groups.includes('users')) {
    calls.push(
      listUsers(client, { keyword: text, size }).then((page) => page.data.map((row) => userEntry(row, t))),
    );
  }
  if (groups.includes('tokens')) {
    calls.push(
      Promise.allSettled([
        byId(() => getToken(client, id as number)),
        listTokens(client, { keyword: text, size }),
      ]).then(([one, page]) =>
        unique([...settled(one), ...(page.status === 'fulfilled' ? page.value.data : [])]).map((row) =>
          tokenEntry(row, t),
        ),
      ),
    );
  }
  const answers = await Promise.allSettled(calls);
  return answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
}

function settled<T>(result: PromiseSettledResult<T[]>): T[] {
  return result.status === 'fulfilled' ? result.value : [];
}

function unique<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id) !== undefined);
}
