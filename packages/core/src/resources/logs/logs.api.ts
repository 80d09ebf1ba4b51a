import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { type Paged, pagedSchema } from '../../http/envelope.js';
import {
  type Log,
  type LogListFilters,
  type LogStat,
  type LogStatFilters,
  logSchema,
  logStatSchema,
} from './logs.schema.js';

export const logPageSchema = pagedSchema(logSchema);

/** Lists every user's logs (admin): `GET /api/log/` with the contract's filters, all exact matches. */
export function listLogs(client: ApiClient, filters: LogListFilters = {}): Promise<Paged<Log>> {
  return client.request('GET', '/api/log/', logPageSchema, { query: { ...filters } });
}

/** Lists the caller's own logs: `GET /api/log/self` (username, channel and IP filters do not apply). */
export function listSelfLogs(
  client: ApiClient,
  filters: Omit<LogListFilters, 'username' | 'channel_id' | 'source_ip'> = {},
): Promise<Paged<Log>> {
  return client.request('GET', '/api/log/self', logPageSchema, { query: { ...filters } });
}

/** The quota of every matching consume log (admin): `GET /api/log/stat`. */
export function getLogStat(client: ApiClient, filters: LogStatFilters = {}): Promise<LogStat> {
  return client.request('GET', '/api/log/stat', logStatSchema, { query: { ...filters } });
}

/** The quota of the caller's matching consume logs: `GET /api/log/self/stat`. */
export function getSelfLogStat(
  client: ApiClient,
  filters: Omit<LogStatFilters, 'username'> = {},
): Promise<LogStat> {
  return client.request('GET', '/api/log/self/stat', logStatSchema, { query: { ...filters } });
}

/** Deletes consume logs older than `targetTimestamp` (admin); resolves to how many went. */
export function deleteLogsBefore(client: ApiClient, targetTimestamp: number): Promise<number> {
  return client.request('DELETE', '/api/log/', z.number().int(), {
    query: { target_timestamp: targetTimestamp },
  });
}
