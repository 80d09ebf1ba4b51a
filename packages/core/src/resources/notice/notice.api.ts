import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';

/** `GET /api/notice` data: the announcement as markdown text ('' when none is set). */
export const noticeSchema = z
  .string()
  .nullable()
  .optional()
  .transform((text) => text ?? '');

/** Reads the site announcement (markdown; the console renders it as HTML). */
export function getNotice(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/notice', noticeSchema);
}
