// The balance calls of OpenAI-compatible vendors as the fake answers them, all from the fake's one
// FakeBalance (left = hardLimitUsd − totalUsageCents / 100): DeepSeek's /user/balance (yuan, as
// strings), Moonshot's /v1/users/me/balance (yuan, numbers), SiliconFlow's /v1/user/info (yuan, strings)
// and OpenRouter's /v1/credits (dollars).
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

/** A voice id MiniMax does not know: the reply is a 200 whose base_resp carries the error. */
export const FAKE_MINIMAX_MISSING_VOICE = 'missing-voice';

/** The audio the fake MiniMax speaks for a text: 3 bytes per character, deterministic. */
export function fakeMinimaxAudio(text: string): Buffer {
  const characters = [...text].length;
  return Buffer.from(Array.from({ length: characters * 3 }, (_, index) => (index * 7 + characters) % 256));
}

/** `POST /v1/t2a_v2` (MiniMax speech): the audio as hex in JSON, usage_characters = characters of text. */
export function minimaxSpeechReply(request: RecordedRequest): FakeReply {
  const refused = bearerOnly(request);
  if (refused) return refused;
  const body = (request.body ?? {}) as {
    text?: unknown;
    voice_setting?: { voice_id?: unknown };
    audio_setting?: { format?: unknown };
  };
  const base = (code: number, message: string) => ({ status_code: code, status_msg: message });
  if (typeof body.text !== 'string' || typeof body.voice_setting?.voice_id !== 'string') {
    return { kind: 'json', status: 200, body: { base_resp: base(2013, 'invalid params') } };
  }
  if (body.voice_setting.voice_id === FAKE_MINIMAX_MISSING_VOICE) {
    return { kind: 'json', status: 200, body: { base_resp: base(2054, 'voice id not exist') } };
  }
  const audio = fakeMinimaxAudio(body.text);
  const format = typeof body.audio_setting?.format === 'string' ? body.audio_setting.format : 'mp3';
  return {
    kind: 'json',
    status: 200,
    body: {
      data: { audio: audio.toString('hex'), status: 2 },
      extra_info: {
        audio_length: 1000,
        audio_sample_rate: 32000,
        audio_size: audio.length,
        bitrate: 128000,
        audio_format: format,
        audio_channel: 1,
        usage_characters: [...body.text].length,
      },
      trace_id: 'fake-trace',
      base_resp: base(0, 'success'),
    },
  };
}

export function siliconFlowUserInfoReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  const total = left(options).toFixed(2);
  return (
    bearerOnly(request) ?? {
      kind: 'json',
      status: 200,
      body: {
        code: 20000,
        message: 'OK',
        status: true,
        data: { id: 'user-fake', name: 'fake', balance: total, chargeBalance: '0.00', totalBalance: total },
      },
    }
  );
}
