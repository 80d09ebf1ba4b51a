// The route table: each route declares its guard and zod schemas once; registration, validation and the
// OpenAPI document are all derived from these declarations.
import type { GuardLevel, Language, Translate } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from './auth-user.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type RouteGuard = 'public' | GuardLevel;

/** What a handler receives: validated input, the caller (on guarded routes) and a translator. */
export interface RouteCall<B, Q, P, G extends RouteGuard> {
  body: B;
  query: Q;
  params: P;
  user: G extends 'public' ? AuthUser | undefined : AuthUser;
  language: Language;
  t: Translate;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  G extends RouteGuard,
> {
  method: HttpMethod;
  /** Fastify path; a trailing slash is optional for callers (contract §0.1). */
  url: string;
  guard: G;
  summary: string;
  tag: string;
  body?: B;
  /** A body schema for the document only, when the handler picks the schema itself. */
  documentedBody?: z.ZodType;
  query?: Q;
  params?: P;
  /** The schema of the envelope's `data` (omitted: the reply carries no data). */
  reply?: z.ZodType;
  /** Largest body read, in bytes (default BODY_LIMITS.standard); over it the caller gets a 413. */
  bodyLimit?: number;
  /** Returns the envelope's `data` (undefined: none). */
  handler: (call: RouteCall<Out<B>, Out<Q>, Out<P>, G>) => Promise<unknown> | unknown;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A route with its types erased, as the registrar and the OpenAPI builder see it. */
export interface AnyRoute {
  method: HttpMethod;
  url: string;
  guard: RouteGuard;
  summary: string;
  tag: string;
  body?: z.ZodType;
  documentedBody?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  reply?: z.ZodType;
  bodyLimit?: number;
  handler: (call: RouteCall<unknown, unknown, unknown, RouteGuard>) => Promise<unknown> | unknown;
}

/** Declares one route; the generic parameters type the handler's input from the schemas. */
export function defineRoute<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  G extends RouteGuard = RouteGuard,
>(spec: RouteSpec<B, Q, P, G>): AnyRoute {
  return spec as unknown as AnyRoute;
}
