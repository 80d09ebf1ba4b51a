import type { ApiClient } from '../../http/client.js';
import { statusSchema, type SiteStatus } from './status.schema.js';

/** The public site information. */
export function getStatus(client: ApiClient): Promise<SiteStatus> {
  return client.request('GET', '/api/status', statusSchema);
}
