import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';

/** The symbols of the enabled user groups (admin): `GET /api/group/`; one-hub may send `null` for none. */
export function listGroupSymbols(client: ApiClient): Promise<string[]> {
  return client.request(
    'GET',
    '/api/group/',
    z
      .array(z.string())
      .nullable()
      .transform((list) => list ?? []),
  );
}
