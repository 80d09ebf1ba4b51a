// The site's texts (contract §1.1): the announcement, the about page and the home page, each an option
// the operator writes as markdown, HTML or (about, home) a URL to embed. Apart from the options
// resource so the first screen (the home page) does not carry the option schemas.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';

/** A site text (`/api/notice`, `/api/about`, `/api/home_page_content`); '' when unset. */
export const siteTextSchema = z
  .string()
  .nullable()
  .optional()
  .transform((text) => text ?? '');

/** Reads the site announcement (markdown; the console renders it as HTML). */
export function getNotice(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/notice', siteTextSchema);
}

/** The site's About text (markdown, HTML or a URL to embed). */
export function getAbout(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/about', siteTextSchema);
}

/** The home page content (markdown, HTML or a URL to embed). */
export function getHomePageContent(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/home_page_content', siteTextSchema);
}
