// /api/log/*: the admin and self log lists, their quota stats and the history cleanup (contract §1.9).
import {
  logDeleteQuerySchema,
  logExportQuerySchema,
  logListQuerySchema,
  logSchema,
  logSelfExportQuerySchema,
  logSelfListQuerySchema,
  logSelfStatQuerySchema,
  logStatQuerySchema,
  logStatSchema,
  pagedSchema,
} from '@gw/core';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { type QuotaDisplayLookup, sendLogCsv } from './logs.export.js';
import type { LogsService } from './logs.service.js';

const TAG = 'logs';

/** The log routes, bound to the service. */
export function logRoutes(service: LogsService, quotaDisplay: QuotaDisplayLookup): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/log/',
      guard: 'admin',
      tag: TAG,
      summary:
        'Every log, filtered by exact type, time range (inclusive), model, username, token, channel_id and source_ip; newest first',
      query: logListQuerySchema,
      reply: pagedSchema(logSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/log/self',
      guard: 'user',
      tag: TAG,
      summary: "The caller's logs, with the same filters minus username, channel_id and source_ip",
      query: logSelfListQuerySchema,
      reply: pagedSchema(logSchema),
      handler: ({ user, query }) => service.listOwn(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/log/stat',
      guard: 'admin',
      tag: TAG,
      summary: 'Quota summed over the matching consume logs (channel = channel id)',
      query: logStatQuerySchema,
      reply: logStatSchema,
      handler: ({ query }) => service.stat(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/log/self/stat',
      guard: 'user',
      tag: TAG,
      summary: "Quota summed over the caller's matching consume logs",
      query: logSelfStatQuerySchema,
      reply: logStatSchema,
      handler: ({ user, query }) => service.statOwn(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/log/export',
      guard: 'admin',
      tag: TAG,
      summary:
        "Every matching log as a streamed CSV attachment (the admin list's filters, newest first; lang = header language); not enveloped",
      query: logExportQuerySchema,
      handler: ({ query, reply, language }) =>
        sendLogCsv(reply, service.exportAll(query), {
          admin: true,
          lang: query.lang,
          language,
          quotaDisplay,
        }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/log/self/export',
      guard: 'user',
      tag: TAG,
      summary:
        "The caller's matching logs as a streamed CSV attachment (the self list's filters); not enveloped",
      query: logSelfExportQuerySchema,
      handler: ({ user, query, reply, language }) =>
        sendLogCsv(reply, service.exportOwn(user, query), {
          admin: false,
          lang: query.lang,
          language,
          quotaDisplay,
        }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/log/',
      guard: 'admin',
      tag: TAG,
      summary: 'Delete consume logs created before target_timestamp (required); answers how many went',
      query: logDeleteQuerySchema,
      reply: z.number().int(),
      handler: ({ query }) => service.deleteConsumedBefore(query.target_timestamp),
    }),
  ];
}
