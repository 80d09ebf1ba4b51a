// POST /v1/audio/transcriptions through the official openai client: a multipart upload built with
// `toFile`, the transcript back, the consume log and the user's quota after the ledger flush.
import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TRANSCRIPT_TEXT } from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { countTextTokens } from '../tokens/index.js';

const START_QUOTA = 5_000_000;
const exact = { approximate: false };

describe('audio.transcriptions through the official openai client', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'whisper-1,gpt-4o-transcribe' });
  });
  afterAll(async () => r?.close());

  const caller = () => r.callerWithClient(START_QUOTA);

  const billed = (who: RelayCallerHandle) => r.onlyConsumeLog(who, START_QUOTA);

  it('audio.transcriptions (whisper, multipart upload): the text back, billed on its local count', async () => {
    const { who, client } = await caller();
    const file = await toFile(Buffer.alloc(20_000, 7), 'speech.mp3', { type: 'audio/mpeg' });
    const reply = await client.audio.transcriptions.create({ model: 'whisper-1', file });
    expect(reply.text).toBe(FAKE_TRANSCRIPT_TEXT);
    const upload = r.upstream.requests.at(-1);
    expect(upload?.path).toBe('/v1/audio/transcriptions');
    expect(upload?.body).toMatchObject({
      model: 'whisper-1',
      file: { filename: 'speech.mp3', size: 20_000 },
    });
    const log = await billed(who);
    expect(log.model_name).toBe('whisper-1');
    expect(log.prompt_tokens).toBe(0);
    expect(log.completion_tokens).toBe(countTextTokens('whisper-1', FAKE_TRANSCRIPT_TEXT, exact));
  });

  it('audio.transcriptions with a token-billed model: the reported usage is billed', async () => {
    const { who, client } = await caller();
    const file = await toFile(Buffer.alloc(40_000, 1), 'speech.wav', { type: 'audio/wav' });
    const reply = await client.audio.transcriptions.create({ model: 'gpt-4o-transcribe', file });
    expect(reply.text).toBe(FAKE_TRANSCRIPT_TEXT);
    const usage = reply.usage as { input_tokens: number; output_tokens: number };
    expect(usage.input_tokens).toBe(30);
    const log = await billed(who);
    expect(log.prompt_tokens).toBe(usage.input_tokens);
    expect(log.completion_tokens).toBe(usage.output_tokens);
  });
});
