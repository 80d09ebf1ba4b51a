// The ceremony stores on every dialect and on Redis, with a clock the test moves and two stores standing
// for two processes: a challenge begun in one is finished in the other, lives five minutes, is used once
// (even by two finish calls racing), answers only the kind it was begun for, and a new begin replaces
// the browser's older one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanUp,
  TEST_REDIS_URL,
  twoConnections,
  uniqueKeyPrefix,
} from '../../redis/test-support/redis-test-support.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { startTestApp } from '../../test-support/test-app.js';
import {
  CEREMONY_COOKIE,
  CEREMONY_MAX_AGE_SECONDS,
  type CeremonyStore,
  createCeremonies,
  createDbCeremonyStore,
  createRedisCeremonyStore,
} from './webauthn.ceremonies.js';

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

type StorePair = { a: CeremonyStore; b: CeremonyStore; close: () => Promise<void> };

const backends: Array<[string, () => Promise<StorePair>]> = [
  ...TEST_DIALECTS.map((kind): [string, () => Promise<StorePair>] => [
    kind,
    async () => {
      const t = await startTestApp(kind);
      return { a: createDbCeremonyStore(t.app.gw.db), b: createDbCeremonyStore(t.app.gw.db), close: t.close };
    },
  ]),
  ...(TEST_REDIS_URL
    ? [
        [
          'redis',
          async () => {
            const prefix = uniqueKeyPrefix();
            const connections: [Redis, Redis] = await twoConnections(TEST_REDIS_URL ?? '');
            return {
              a: createRedisCeremonyStore(connections[0], prefix),
              b: createRedisCeremonyStore(connections[1], prefix),
              close: () => cleanUp(connections, prefix),
            };
          },
        ] as [string, () => Promise<StorePair>],
      ]
    : []),
];

describe.each(backends)('passkey ceremonies in %s', (_name, open) => {
  let stores: StorePair;
  beforeAll(async () => {
    stores = await open();
  });
  afterAll(() => stores?.close());

  it('keep a challenge five minutes, once, for its own kind, across processes', async () => {
    let now = 1_000;
    const first = createCeremonies(() => now, stores.a);
    const second = createCeremonies(() => now, stores.b);
    const { jar, request, reply } = browser();
    const begun = { kind: 'login' as const, challenge: 'c1', userId: 7, alias: '' };

    await first.begin(request, reply, begun);
    expect(jar[CEREMONY_COOKIE]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const cookie = jar[CEREMONY_COOKIE] ?? '';
    expect(await second.take(request, reply, 'login')).toMatchObject({ challenge: 'c1', userId: 7 });
    // Used once: the same cookie again finds nothing, in either process.
    jar[CEREMONY_COOKIE] = cookie;
    expect(await first.take(request, reply, 'login')).toBeUndefined();

    // Another kind is no match, and the attempt uses the ceremony up.
    await first.begin(request, reply, begun);
    const other = jar[CEREMONY_COOKIE] ?? '';
    expect(await second.take(request, reply, 'registration')).toBeUndefined();
    jar[CEREMONY_COOKIE] = other;
    expect(await second.take(request, reply, 'login')).toBeUndefined();

    // Expired at five minutes.
    await first.begin(request, reply, begun);
    now += CEREMONY_MAX_AGE_SECONDS;
    expect(await second.take(request, reply, 'login')).toBeUndefined();

    // A new begin replaces the older one: the older cookie no longer works.
    await first.begin(request, reply, begun);
    const older = jar[CEREMONY_COOKIE] ?? '';
    await first.begin(request, reply, { ...begun, challenge: 'c2' });
    expect(jar[CEREMONY_COOKIE]).not.toBe(older);
    const stale = browser();
    stale.jar[CEREMONY_COOKIE] = older;
    expect(await second.take(stale.request, stale.reply, 'login')).toBeUndefined();
    expect(await second.take(request, reply, 'login')).toMatchObject({ challenge: 'c2' });
  });

  it('hands a ceremony to one of two finish calls racing with the same cookie', async () => {
    const now = 2_000;
    const first = createCeremonies(() => now, stores.a);
    const second = createCeremonies(() => now, stores.b);
    const racer = browser();
    await first.begin(racer.request, racer.reply, {
      kind: 'registration',
      challenge: 'c3',
      userId: 1,
      alias: 'k',
    });
    const cookie = racer.jar[CEREMONY_COOKIE] ?? '';
    const one = browser();
    const two = browser();
    one.jar[CEREMONY_COOKIE] = cookie;
    two.jar[CEREMONY_COOKIE] = cookie;
    const taken = await Promise.all([
      first.take(one.request, one.reply, 'registration'),
      second.take(two.request, two.reply, 'registration'),
    ]);
    expect(taken.filter(Boolean)).toEqual([expect.objectContaining({ challenge: 'c3', alias: 'k' })]);
  });

  it('finds nothing for a cookie it did not make', async () => {
    const ceremonies = createCeremonies(() => 3_000, stores.a);
    const forged = browser();
    forged.jar[CEREMONY_COOKIE] = `x'; DROP TABLE users; --`;
    expect(await ceremonies.take(forged.request, forged.reply, 'login')).toBeUndefined();
    expect(forged.jar[CEREMONY_COOKIE]).toBeUndefined();
  });
});
