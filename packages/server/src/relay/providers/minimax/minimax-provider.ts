// MiniMax (type 27), spec §19 OA variants ("minimax speech"): chat in OpenAI's format at api.minimax.chat,
// and OpenAI speech served by MiniMax's /v1/t2a_v2, whose JSON reply carries the audio as hex. OpenAI's
// voices map to MiniMax voices (plugin.voice may replace them with `voice_id|emotion`); response_format
// `mp3-1-32000-128000` sets format, channels, sample rate and bitrate; the usage is MiniMax's
// usage_characters, as one-hub bills it.
import type { OperationAdapter, ProviderCall, RelayProvider, TranslatedAudio } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { numberField, oaVariantProvider, oaVariantUrl } from '../shared/oa-variant.js';

export const MINIMAX_DEFAULT_BASE_URL = 'https://api.minimax.chat';

const options = { name: 'minimax', types: [27], baseUrl: MINIMAX_DEFAULT_BASE_URL } as const;
const chatVariant = oaVariantProvider(options);

/** OpenAI voice → MiniMax voice (one-hub's defaults). */
const DEFAULT_VOICES: Readonly<Record<string, string>> = {
  alloy: 'female-chengshu',
  echo: 'male-qn-qingse',
  fable: 'male-qn-jingying',
  onyx: 'presenter_male',
  nova: 'presenter_female',
  shimmer: 'audiobook_female_1',
};

/** The MiniMax voice id and emotion for an OpenAI voice name. */
export function minimaxVoice(voice: string, call: ProviderCall): { voiceId: string; emotion?: string } {
  const custom = call.channel.plugin.voice?.[voice];
  if (voice in DEFAULT_VOICES && typeof custom === 'string' && custom !== '') {
    const [voiceId = '', emotion] = custom.split('|');
    return emotion ? { voiceId, emotion } : { voiceId };
  }
  return { voiceId: DEFAULT_VOICES[voice] ?? voice };
}

function speechBody(call: ProviderCall): Record<string, unknown> {
  const body = call.body instanceof FormData ? {} : call.body;
  const { voiceId, emotion } = minimaxVoice(typeof body.voice === 'string' ? body.voice : '', call);
  const voiceSetting: Record<string, unknown> = { voice_id: voiceId };
  if (emotion) voiceSetting.emotion = emotion;
  if (typeof body.speed === 'number') voiceSetting.speed = body.speed;
  const request: Record<string, unknown> = {
    model: call.model,
    text: body.input,
    voice_setting: voiceSetting,
  };
  if (typeof body.response_format === 'string' && body.response_format !== '') {
    const [format, channel, sampleRate, bitrate] = body.response_format.split('-');
    const audio: Record<string, unknown> = { format };
    for (const [name, value] of [
      ['channel', channel],
      ['sample_rate', sampleRate],
      ['bitrate', bitrate],
    ] as const) {
      const parsed = value === undefined ? undefined : Number.parseInt(value, 10);
      if (parsed !== undefined && Number.isFinite(parsed)) audio[name] = parsed;
    }
    request.audio_setting = audio;
  }
  return request;
}

interface SpeechReply {
  data?: { audio?: unknown };
  extra_info?: { audio_format?: unknown; usage_characters?: unknown };
  base_resp?: { status_code?: unknown; status_msg?: unknown };
}

function speechFailure(message: string, code: unknown = 'speech_error'): UpstreamFailure {
  return new UpstreamFailure({
    status: 500,
    message,
    type: 'minimax_error',
    code: typeof code === 'number' || typeof code === 'string' ? code : 'speech_error',
  });
}

export const minimaxSpeech: OperationAdapter = {
  request: (call) => ({
    method: 'POST',
    url: oaVariantUrl(options, call.channel, '/v1/t2a_v2'),
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${call.channel.key}`,
      ...call.channel.headers,
    },
    body: jsonRequestBody(speechBody(call)),
  }),
  reply: () => {
    throw speechFailure('MiniMax speech replies are read as audio');
  },
  audio(body): TranslatedAudio {
    const reply = (body ?? {}) as SpeechReply;
    const status = numberField(reply.base_resp?.status_code) ?? 0;
    if (status !== 0) throw speechFailure(String(reply.base_resp?.status_msg ?? 'speech failed'), status);
    const hex = reply.data?.audio;
    if (typeof hex !== 'string' || hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
      throw speechFailure('decode audio data failed', 'decode_audio_data_failed');
    }
    const format = typeof reply.extra_info?.audio_format === 'string' ? reply.extra_info.audio_format : 'mp3';
    const characters = numberField(reply.extra_info?.usage_characters);
    return {
      bytes: Buffer.from(hex, 'hex'),
      contentType: `audio/${format}`,
      ...(characters === undefined ? {} : { usage: { prompt_tokens: characters, completion_tokens: 0 } }),
    };
  },
};

export const minimaxProvider: RelayProvider = {
  ...chatVariant,
  operations: { ...chatVariant.operations, speech: minimaxSpeech },
  // MiniMax errors: `{base_resp: {status_code, status_msg}}`, or OpenAI's shape on its OpenAI routes.
  parseError(status, text, channel) {
    try {
      const base = (JSON.parse(text) as SpeechReply).base_resp;
      if (base && typeof base.status_msg === 'string' && base.status_msg !== '') {
        return {
          status,
          message: base.status_msg,
          type: 'minimax_error',
          code: numberField(base.status_code) ?? null,
        };
      }
    } catch {
      // not JSON: OpenAI's reader handles raw text
    }
    return chatVariant.parseError(status, text, channel);
  },
};
