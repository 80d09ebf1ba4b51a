// GET /api/notice, /api/about, /api/home_page_content (contract §1.1): public site texts kept as options.
import { optionDefault, siteTextSchema } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';

const TAG = 'site';

const SITE_TEXTS = [
  { url: '/api/notice', option: 'Notice', summary: 'The site announcement (markdown or HTML; "" when none)' },
  { url: '/api/about', option: 'About', summary: 'The About text (markdown, HTML or a URL to embed)' },
  {
    url: '/api/home_page_content',
    option: 'HomePageContent',
    summary: 'The home page content (markdown, HTML or a URL to embed)',
  },
] as const;

/** The public site text routes, read fresh from the options table. */
export function siteRoutes(options: OptionStore): AnyRoute[] {
  return SITE_TEXTS.map(({ url, option, summary }) =>
    defineRoute({
      method: 'GET',
      url,
      guard: 'public',
      tag: TAG,
      summary,
      reply: siteTextSchema,
      handler: async () => (await options.get(option)) ?? optionDefault(option),
    }),
  );
}
