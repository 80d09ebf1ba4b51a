import type { ApiClient } from '../../http/client.js';
import {
  type OptionEntry,
  optionListSchema,
  optionUpdateSchema,
  type SystemLogEntry,
  safeToolsSchema,
  systemLogQuerySchema,
  systemLogSchema,
} from './options.schema.js';

/** Every option the caller (root) may see: `GET /api/option/` (secrets are never listed). */
export function listOptions(client: ApiClient): Promise<OptionEntry[]> {
  return client.request('GET', '/api/option/', optionListSchema);
}

/** Writes one option (`PUT /api/option/`); the server checks the key's rules and refuses bad values. */
export async function updateOption(client: ApiClient, key: string, value: string): Promise<void> {
  await client.send('PUT', '/api/option/', { body: optionUpdateSchema.parse({ key, value }) });
}

/** The content-safety tool names the server offers (`GET /api/option/safe_tools`). */
export function listSafeTools(client: ApiClient): Promise<string[]> {
  return client.request('GET', '/api/option/safe_tools', safeToolsSchema);
}

/** The newest `count` lines of the server's own log (`POST /api/system_info/log`, root). */
export function getSystemLog(client: ApiClient, count: number): Promise<SystemLogEntry[]> {
  return client.request('POST', '/api/system_info/log', systemLogSchema, {
    body: systemLogQuerySchema.parse({ count }),
  });
}
