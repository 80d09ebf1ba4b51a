// /api/option/telegram/*: the Telegram bot's custom menus (contract §1.15), root only.
import {
  listQuerySchema,
  pagedSchema,
  type Translate,
  telegramMenuSaveSchema,
  telegramMenuSchema,
  telegramStatusSchema,
} from '@gw/core';
import type { FastifyReply } from 'fastify';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { TelegramMenusService } from './telegram-menus.service.js';
import { idParamsSchema } from '../../shared/route-params.js';

const TAG = 'telegram_menus';

/** A success whose message one-hub's console shows as is ("添加成功", "重载成功", …). */
function succeed(reply: FastifyReply, t: Translate, messageKey: string, data?: unknown): FastifyReply {
  return reply.send({ success: true, message: t(messageKey), ...(data === undefined ? {} : { data }) });
}

/** The Telegram menu routes, bound to the service. */
export function telegramMenuRoutes(service: TelegramMenusService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/option/telegram/',
      guard: 'root',
      tag: TAG,
      summary:
        'List the bot menus (page, size ≤ 100, order id|command|description|parse_mode|reply_message, keyword = id or command prefix)',
      query: listQuerySchema,
      reply: pagedSchema(telegramMenuSchema),
      handler: ({ query }) => service.list(query),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/option/telegram/status',
      guard: 'root',
      tag: TAG,
      summary: 'Whether the bot runs, and by webhook (always off until the bot exists)',
      reply: telegramStatusSchema,
      handler: () => service.status(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/option/telegram/reload',
      guard: 'root',
      tag: TAG,
      summary: 'Reload the bot commands from the stored menus (checks them; message "重载成功")',
      handler: async ({ reply, t }) => {
        await service.reload();
        return succeed(reply, t, 'telegram_menus.reloaded');
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/option/telegram/:id',
      guard: 'root',
      tag: TAG,
      summary: 'One bot menu',
      params: idParamsSchema,
      reply: telegramMenuSchema,
      handler: ({ params }) => service.get(params.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/option/telegram/',
      guard: 'root',
      tag: TAG,
      summary:
        'Create (id 0 or absent) or update a bot menu; message "添加成功" or "修改成功", data the menu',
      body: telegramMenuSaveSchema,
      reply: telegramMenuSchema,
      handler: async ({ body, reply, t }) => {
        const { created, menu } = await service.save(body);
        return succeed(reply, t, created ? 'telegram_menus.added' : 'telegram_menus.updated', menu);
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/option/telegram/:id',
      guard: 'root',
      tag: TAG,
      summary: 'Delete a bot menu (message "删除成功")',
      params: idParamsSchema,
      handler: async ({ params, reply, t }) => {
        await service.delete(params.id);
        return succeed(reply, t, 'telegram_menus.deleted');
      },
    }),
  ];
}
