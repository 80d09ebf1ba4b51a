// Registration, the e-mail code and the password reset (contract §1.2); public routes.
import { emailQuerySchema, passwordResetSchema, registerSchema, requiredEmailSchema } from '@gw/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import type { RegistrationService, RequestOrigin } from './users-register.service.js';
import { BODY_LIMITS } from '../../shared/body-limits.js';

const TAG = 'registration';
const turnstileQuery = z.object({ turnstile: z.string().default('') });

function originOf(
  request: FastifyRequest,
  language: RequestOrigin['language'],
  turnstile: string,
): RequestOrigin {
  return { origin: `${request.protocol}://${request.host}`, ip: request.ip, language, turnstile };
}

/** The registration routes, bound to the service. */
export function registrationRoutes(service: RegistrationService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/api/user/register',
      bodyLimit: BODY_LIMITS.credentials,
      guard: 'public',
      tag: TAG,
      summary:
        'Register with a username (≤ 12) and password (8–20); e-mail and code when verification is on; ' +
        "aff_code = the inviter's code",
      query: turnstileQuery,
      body: registerSchema,
      handler: async ({ body, query, request, language }) => {
        await service.register(body, originOf(request, language, query.turnstile));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/verification',
      guard: 'public',
      tag: TAG,
      summary: 'E-mail a 6-character verification code to an address not in use',
      query: emailQuerySchema,
      handler: async ({ query, request, language }) => {
        await service.sendVerificationCode(query.email, originOf(request, language, query.turnstile));
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/oauth/email/bind',
      guard: 'user',
      tag: TAG,
      summary: "Set the caller's e-mail to an address after checking the code mailed to it",
      query: z.object({
        email: requiredEmailSchema,
        code: z.string().trim().min(1, 'validation.required').max(32, 'validation.max_length'),
      }),
      handler: async ({ query, user }) => {
        await service.bindEmail(user.id, query.email, query.code);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/reset_password',
      bodyLimit: BODY_LIMITS.credentials,
      guard: 'public',
      tag: TAG,
      summary: 'E-mail a password-reset link (the same reply whether or not the address has an account)',
      query: emailQuerySchema,
      handler: async ({ query, request, language }) => {
        await service.sendPasswordReset(query.email, originOf(request, language, query.turnstile));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/user/reset',
      bodyLimit: BODY_LIMITS.credentials,
      guard: 'public',
      tag: TAG,
      summary: 'Confirm a reset link; answers the new 12-character password',
      body: passwordResetSchema,
      reply: z.string(),
      handler: ({ body }) => service.confirmPasswordReset(body.email, body.token),
    }),
  ];
}
