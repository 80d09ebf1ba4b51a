// The ceremony store on its own, with a clock the test moves: a challenge lives five minutes, is used
// once, answers only the kind it was begun for, and a new begin replaces the browser's older one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CEREMONY_COOKIE, CEREMONY_MAX_AGE_SECONDS, createCeremonies } from './webauthn.ceremonies.js';

/** A browser's cookie jar seen through the two Fastify calls the store makes. */
function browser() {
  const jar: Record<string, string> = {};
  const request = { cookies: jar } as unknown as FastifyRequest;
  const reply = {
    setCookie(name: string, value: string) {
      jar[name] = value;
      return reply;
    },
    clearCookie(name: string) {
      delete jar[name];
      return reply;
    },
  } as unknown as FastifyReply;
  return { jar, request, reply };
}

describe('passkey ceremonies', () => {
  it('keep a challenge five minutes, once, for its own kind', () => {
    let now = 1_000;
    const ceremonies = createCeremonies(() => now);
    const { jar, request, reply } = browser();
    const begun = { kind: 'login' as const, challenge: 'c1', userId: undefined, alias: '' };

    ceremonies.begin(request, reply, begun);
    expect(jar[CEREMONY_COOKIE]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(ceremonies.take(request, reply, 'login')).toMatchObject({ challenge: 'c1' });
    // Used once: the same cookie again finds nothing.
    expect(ceremonies.take(request, reply, 'login')).toBeUndefined();

    // Another kind is no match, and the attempt uses the ceremony up.
    ceremonies.begin(request, reply, begun);
    expect(ceremonies.take(request, reply, 'registration')).toBeUndefined();
    expect(ceremonies.take(request, reply, 'login')).toBeUndefined();

    // Expired at five minutes.
    ceremonies.begin(request, reply, begun);
    const cookie = jar[CEREMONY_COOKIE];
    now += CEREMONY_MAX_AGE_SECONDS;
    expect(ceremonies.take(request, reply, 'login')).toBeUndefined();

    // A new begin replaces the older one: the older cookie no longer works.
    ceremonies.begin(request, reply, begun);
    const older = jar[CEREMONY_COOKIE] ?? '';
    ceremonies.begin(request, reply, { ...begun, challenge: 'c2' });
    expect(jar[CEREMONY_COOKIE]).not.toBe(older);
    expect(cookie).not.toBe(older);
    const stale = browser();
    stale.jar[CEREMONY_COOKIE] = older;
    expect(ceremonies.take(stale.request, stale.reply, 'login')).toBeUndefined();
    expect(ceremonies.take(request, reply, 'login')).toMatchObject({ challenge: 'c2' });
  });
});
