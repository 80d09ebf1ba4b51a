// What a channel test sends (behaviour spec §8.2 step 2): the kind of call is read off the model name,
// and each kind has one fixed, tiny request body.
import type { RelayOperation } from '../providers/provider.js';

/** The kinds of test call; `unsupported` models (speech, rerank, Midjourney, …) cannot be tested. */
export type ChannelTestKind = 'unsupported' | 'embeddings' | 'image' | 'responses' | 'chat';

/** The chat prompt one-hub sends: short enough to cost next to nothing upstream. */
export const TEST_PROMPT = "You just need to output 'hi' next.";

// The patterns are one-hub's, case-sensitive as there (hence both `embed` and `Embed`); the order
// matters: `rerank` is unsupported although it also looks like an embedding model.
const UNSUPPORTED = /^tts|rerank|whisper|speech|^mj_|^chirp/;
const EMBEDDINGS =
  /^text-|embed|Embed|rerank|davinci|babbage|bge-|e5-|LLM2Vec|retrieval|uae-|gte-|jina-clip|jina-embeddings/;
const IMAGE = /flux|diffusion|stabilityai|sd-|dall|cogview|janus|image/;
const RESPONSES = /^o[1-9]/;

/** The kind of test call for a model name (the name asked for, before the channel's mapping). */
export function channelTestKind(model: string): ChannelTestKind {
  if (UNSUPPORTED.test(model)) return 'unsupported';
  if (EMBEDDINGS.test(model)) return 'embeddings';
  if (IMAGE.test(model)) return 'image';
  if (RESPONSES.test(model)) return 'responses';
  return 'chat';
}

/** The relay operation and client body of a testable kind; `model` is the upstream model name. */
export function channelTestRequest(
  kind: Exclude<ChannelTestKind, 'unsupported'>,
  model: string,
): { operation: RelayOperation; body: Record<string, unknown> } {
  switch (kind) {
    case 'embeddings':
      return { operation: 'embeddings', body: { model, input: 'hi' } };
    case 'image':
      return { operation: 'images', body: { model, prompt: 'A cute cat', n: 1 } };
    case 'responses':
      return { operation: 'responses', body: { model, input: TEST_PROMPT, stream: false } };
    case 'chat':
      return {
        operation: 'chat',
        body: { model, messages: [{ role: 'user', content: TEST_PROMPT }], stream: false },
      };
  }
}
