// The OpenAPI 3.1 document, generated from the route table and core's zod schemas (never hand-written).
import { GW_VERSION } from '@gw/core';
import { z } from 'zod';
import type { AnyRoute } from '../shared/route.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function envelope(reply: z.ZodType | undefined): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'message'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      code: { type: 'string', description: 'gw error code (additive), e.g. NOT_FOUND, VALIDATION_FAILED' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, key: { type: 'string' }, message: { type: 'string' } },
        },
      },
      ...(reply ? { data: jsonSchema(reply, 'output') } : {}),
    },
  };
}

/** Builds the document for a route table. */
export function buildOpenApiDocument(routes: readonly AnyRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const body = route.body ?? route.documentedBody;
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.tag],
      'x-gw-guard': route.guard,
      ...(route.guard === 'public' ? { security: [] } : {}),
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchema(body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'The one-hub envelope; check `success`.',
          content: { 'application/json': { schema: envelope(route.reply) } },
        },
        ...(route.guard === 'public'
          ? {}
          : { '401': { description: 'No session cookie and no access token' } }),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'gw management API', version: GW_VERSION },
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session' },
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The management access token, bare or as `Bearer <token>`',
        },
      },
    },
    security: [{ session: [] }, { accessToken: [] }],
    paths,
  };
}
