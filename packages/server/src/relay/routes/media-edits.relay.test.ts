// The multipart image and audio routes besides transcriptions, through the official openai client:
// images.edit (image + mask, or gpt-image-1's several images), images.createVariation and
// audio.translations. Each upload must reach the fake upstream as multipart with its files, and each
// call is billed exactly: images on the spec §9.7 size estimate (or the usage gpt-image-* reports),
// translations on the returned text's tokens — on SQLite, and PostgreSQL and MySQL when configured.
import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  countFakeTokens,
  FAKE_IMAGE_OUTPUT_TOKENS,
  FAKE_IMAGE_PNG,
  FAKE_TRANSCRIPT_TEXT,
} from '../test-support/fake-upstream/index.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { countTextTokens } from '../tokens/index.js';

const START_QUOTA = 5_000_000;
/** Unpriced models bill at the default 30 per token (spec §9.1). */
const DEFAULT_RATIO = 30;

const png = (name: string) => toFile(FAKE_IMAGE_PNG, name, { type: 'image/png' });

describe.each(TEST_DIALECTS)('image edits, variations and audio translations (%s)', (kind) => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp(kind);
    await r.addChannel({ models: 'dall-e-2,gpt-image-1,whisper-1' });
  });
  afterAll(async () => r?.close());

  it('images.edit (dall-e-2, image + mask): forwarded as multipart, billed int(1.125·1000)·n at 512²', async () => {
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.images.edit({
      model: 'dall-e-2',
      image: await png('room.png'),
      mask: await png('mask.png'),
      prompt: 'add a lamp',
      size: '512x512',
      n: 2,
    });
    expect(reply.data).toHaveLength(2);
    expect(reply.data?.[0]?.url).toMatch(/\/fake-files\/.+\.png$/);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/images/edits');
    expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.headers.authorization).toBe('Bearer sk-upstream');
    expect(sent?.body).toMatchObject({
      model: 'dall-e-2',
      prompt: 'add a lamp',
      size: '512x512',
      n: '2',
      image: { filename: 'room.png', type: 'image/png', size: FAKE_IMAGE_PNG.length },
      mask: { filename: 'mask.png', type: 'image/png', size: FAKE_IMAGE_PNG.length },
    });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.model_name).toBe('dall-e-2');
    expect(log.prompt_tokens).toBe(1125 * 2);
    expect(log.completion_tokens).toBe(0);
    expect(log.quota).toBe(1125 * 2 * DEFAULT_RATIO);
  });

  it('images.edit (gpt-image-1, several images as image[]): the reported usage billed', async () => {
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const prompt = 'merge these two photos';
    const reply = await client.images.edit({
      model: 'gpt-image-1',
      image: [await png('a.png'), await png('b.png')],
      prompt,
    });
    expect(reply.data?.[0]?.b64_json).toBe(FAKE_IMAGE_PNG.toString('base64'));
    const sent = r.upstream.requests.at(-1);
    expect(sent?.body).toMatchObject({
      model: 'gpt-image-1',
      'image[]': [{ filename: 'a.png' }, { filename: 'b.png' }],
    });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.prompt_tokens).toBe(countFakeTokens(prompt));
    expect(log.completion_tokens).toBe(FAKE_IMAGE_OUTPUT_TOKENS);
    expect(log.quota).toBe((countFakeTokens(prompt) + FAKE_IMAGE_OUTPUT_TOKENS) * DEFAULT_RATIO);
  });

  it('images.createVariation (no model: dall-e-2, 1024² by default): billed 1,250 a variation', async () => {
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const reply = await client.images.createVariation({
      image: await png('cat.png'),
      response_format: 'b64_json',
    });
    expect(reply.data?.[0]?.b64_json).toBe(FAKE_IMAGE_PNG.toString('base64'));
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/images/variations');
    // The default model is named upstream too, as one-hub fills it in.
    expect(sent?.body).toMatchObject({ model: 'dall-e-2', image: { filename: 'cat.png' } });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.model_name).toBe('dall-e-2');
    expect(log.prompt_tokens).toBe(1250);
    expect(log.quota).toBe(1250 * DEFAULT_RATIO);
  });

  it('audio.translations (whisper-1): the English text back, billed on its token count', async () => {
    const { who, client } = await r.callerWithClient(START_QUOTA);
    const file = await toFile(Buffer.alloc(32_000, 3), 'bonjour.mp3', { type: 'audio/mpeg' });
    const reply = await client.audio.translations.create({ model: 'whisper-1', file });
    expect(reply.text).toBe(FAKE_TRANSCRIPT_TEXT);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/audio/translations');
    expect(sent?.body).toMatchObject({ model: 'whisper-1', file: { filename: 'bonjour.mp3', size: 32_000 } });
    const completion = countTextTokens('whisper-1', FAKE_TRANSCRIPT_TEXT, { approximate: false });
    const log = await r.onlyConsumeLog(who, START_QUOTA);
    expect(log.prompt_tokens).toBe(0);
    expect(log.completion_tokens).toBe(completion);
    expect(log.quota).toBe(completion * DEFAULT_RATIO);
  });

  it('refused before any upstream call, nothing billed: no image, no prompt, a stream, no audio file', async () => {
    const who = await r.newCaller({ quota: START_QUOTA });
    const before = r.upstream.requests.length;
    const send = async (path: string, form: FormData | string) => {
      const response = await fetch(`${r.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${who.key}`,
          ...(typeof form === 'string' ? { 'content-type': 'application/json' } : {}),
        },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    };
    const image = new Blob([FAKE_IMAGE_PNG], { type: 'image/png' });
    const noImage = new FormData();
    noImage.append('prompt', 'add a lamp');
    const noPrompt = new FormData();
    noPrompt.append('image', image, 'room.png');
    const streamed = new FormData();
    streamed.append('image', image, 'room.png');
    streamed.append('prompt', 'add a lamp');
    streamed.append('stream', 'true');
    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const cases: Array<[string, FormData | string, string]> = [
      ['/v1/images/edits', noImage, 'image'],
      ['/v1/images/edits', noPrompt, 'prompt'],
      ['/v1/images/edits', streamed, 'stream'],
      ['/v1/images/variations', noImage, 'image'],
      // A JSON edit (gpt-image models take image URLs that way) still needs its prompt.
      ['/v1/images/edits', '{"model":"gpt-image-1","images":[]}', 'prompt'],
      ['/v1/audio/translations', noFile, 'file'],
    ];
    for (const [path, form, field] of cases) {
      const reply = await send(path, form);
      expect({ path, field, status: reply.status }).toEqual({ path, field, status: 400 });
      if (field) expect(reply.body.error.message).toContain(field);
    }
    expect(r.upstream.requests.length).toBe(before);
    await r.flush();
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'request_count'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: START_QUOTA, request_count: 0 });
  });
});
