// /api/option/: the site options (contract §1.15), root only.
import { optionListSchema, optionUpdateSchema, SAFE_TOOLS, safeToolsSchema } from '@gw/core';
import { ApiFailure } from '../../shared/api-failure.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { parseInput } from '../../shared/validate.js';
import type { OptionsService } from './options.service.js';

const TAG = 'options';

/** one-hub answers a body of the wrong shape (a number as value) with HTTP 400 "无效的参数". */
function parseUpdateBody(body: unknown) {
  try {
    return parseInput(optionUpdateSchema, body);
  } catch (error) {
    if (!(error instanceof ApiFailure)) throw error;
    throw new ApiFailure('VALIDATION_FAILED', 'options.errors.invalid_body', {
      params: error.params,
      fields: error.fields,
      httpStatus: 400,
    });
  }
}

/** The option routes, bound to the service. */
export function optionRoutes(service: OptionsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/option/',
      guard: 'root',
      tag: TAG,
      summary: 'Every registered option as {key, value} strings; secrets are never listed',
      reply: optionListSchema,
      handler: () => service.list(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/api/option/',
      guard: 'root',
      tag: TAG,
      summary:
        'Write one option {key, value: string}; checked against the key’s rules, refused values are not stored',
      documentedBody: optionUpdateSchema,
      handler: async ({ request }) => {
        await service.update(parseUpdateBody(request.body));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/option/safe_tools',
      guard: 'root',
      tag: TAG,
      summary: 'The content-safety tools SafeToolName may name',
      reply: safeToolsSchema,
      handler: () => [...SAFE_TOOLS],
    }),
  ];
}
