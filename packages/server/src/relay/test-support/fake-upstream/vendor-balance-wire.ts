// The balance calls of OpenAI-compatible vendors as the fake answers them, all from the fake's one
// FakeBalance (left = hardLimitUsd − totalUsageCents / 100): DeepSeek's /user/balance (yuan, as
// strings), Moonshot's /v1/users/me/balance (yuan, numbers) and OpenRouter's /v1/credits (dollars).
import type { FakeReply, FakeReplyOptions, RecordedRequest } from './fake-reply.js';

const left = (options: FakeReplyOptions) =>
  options.balance.hardLimitUsd - options.balance.totalUsageCents / 100;
const bearerOnly = (request: RecordedRequest): FakeReply | undefined =>
  String(request.headers.authorization ?? '').startsWith('Bearer ')
    ? undefined
    : {
        kind: 'json',
        status: 401,
        body: { error: { message: 'missing key', type: 'invalid_request_error' } },
      };

export function deepSeekBalanceReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  const total = left(options).toFixed(2);
  return (
    bearerOnly(request) ?? {
      kind: 'json',
      status: 200,
      body: {
        is_available: true,
        balance_infos: [
          { currency: 'CNY', total_balance: total, granted_balance: '0.00', topped_up_balance: total },
        ],
      },
    }
  );
}

export function moonshotBalanceReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  const available = left(options);
  return (
    bearerOnly(request) ?? {
      kind: 'json',
      status: 200,
      body: {
        code: 0,
        data: { available_balance: available, voucher_balance: 0, cash_balance: available },
        scode: '0x0',
        status: true,
      },
    }
  );
}

export function openRouterCreditsReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  return (
    bearerOnly(request) ?? {
      kind: 'json',
      status: 200,
      body: {
        data: {
          total_credits: options.balance.hardLimitUsd,
          total_usage: options.balance.totalUsageCents / 100,
        },
      },
    }
  );
}
