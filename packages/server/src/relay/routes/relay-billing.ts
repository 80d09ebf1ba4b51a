// OpenAI's billing endpoints answered from gw's own balances (behaviour spec §2.5), so clients that show
// "credit left" for a key work: the token's quota, or the user's when the token is unlimited.
import { Money } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { RelayAuthenticator } from '../pipeline/authenticate.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { keyCaller } from './key-caller.js';

export interface RelayBillingHandlers {
  subscription(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  usage(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function createRelayBilling(
  db: GwDb,
  state: RelayState,
  auth: RelayAuthenticator,
  clientIp: (request: FastifyRequest) => string,
): RelayBillingHandlers {
  const callerOf = keyCaller(auth, state, clientIp);

  /** The caller's remaining and used points: the token's, or the user's for an unlimited token. */
  async function balances(request: FastifyRequest, reply: FastifyReply) {
    const caller = await callerOf(request, reply);
    if (!caller) return undefined;
    if (caller.tokenUnlimited) {
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', caller.userId)
        .executeTakeFirstOrThrow();
      return { remain: Number(user.quota), used: Number(user.used_quota), expires: 0 };
    }
    const token = await db
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota', 'expired_time'])
      .where('id', '=', caller.tokenId)
      .executeTakeFirstOrThrow();
    const expires = Number(token.expired_time);
    return {
      remain: Number(token.remain_quota),
      used: Number(token.used_quota),
      expires: Math.max(expires, 0),
    };
  }

  return {
    async subscription(request, reply) {
      const found = await balances(request, reply);
      if (!found) return;
      const options = state.options();
      const total = new Money(found.remain + found.used);
      const amount = options.displayInCurrency
        ? total.div(options.quotaPerUnit).toNumber()
        : total.toNumber();
      void reply.send({
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: amount,
        hard_limit_usd: amount,
        system_hard_limit_usd: amount,
        access_until: found.expires,
      });
    },
    async usage(request, reply) {
      const found = await balances(request, reply);
      if (!found) return;
      const cents = new Money(found.used).div(state.options().quotaPerUnit).times(100).toNumber();
      void reply.send({ object: 'list', total_usage: cents });
    },
  };
}
