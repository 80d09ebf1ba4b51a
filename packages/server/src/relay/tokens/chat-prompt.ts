// The chat prompt estimate (behaviour spec §10.2 and §10.3): per-message overheads, all message text
// encoded once, and images costed by model family.
import type { ImageFetcher } from './image-source.js';
import { type ChatImage, countChatImageTokens } from './image-tokens.js';
import { countMessageTexts } from './message-texts.js';
import type { CountOptions } from './text-tokens.js';

export interface ChatCountOptions extends CountOptions {
  /** channel.pre_cost === 2: skip images. */
  skipImages: boolean;
  /** Fetches a remote image's bytes (default: fetch with a 3 s timeout, first 64 KiB only); errors → that image counts 0. */
  fetchImage?: ImageFetcher;
}

/** Every reply is primed with <|start|>assistant<|message|>. */
const REPLY_PRIMING_TOKENS = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An image part in the chat shape ({type:'image_url', image_url:{url, detail}}) or the Responses shape. */
function imageOfPart(part: Record<string, unknown>): ChatImage | undefined {
  if (part.type !== 'image_url' && part.type !== 'input_image') return undefined;
  const source = part.image_url;
  if (typeof source === 'string')
    return { url: source, detail: typeof part.detail === 'string' ? part.detail : '' };
  if (isRecord(source) && typeof source.url === 'string') {
    return { url: source.url, detail: typeof source.detail === 'string' ? source.detail : '' };
  }
  return undefined;
}

/** Text parts of the chat API ("text") and of the Responses API ("input_text", "output_text"). */
function textOfPart(part: Record<string, unknown>): string | undefined {
  if (part.type !== 'text' && part.type !== 'input_text' && part.type !== 'output_text') return undefined;
  return typeof part.text === 'string' ? part.text : undefined;
}

interface CollectedChat {
  overheadTokens: number;
  /** Each message's text pieces, in order, counted as if joined (a huge prompt is not copied into one string). */
  messages: string[][];
  images: ChatImage[];
}

function collectChatMessages(model: string, messages: unknown, skipImages: boolean): CollectedChat {
  // gpt-3.5-turbo-0301 wrapped each message in one more token and dropped the role when a name was given.
  const legacy = model === 'gpt-3.5-turbo-0301';
  const perMessage = legacy ? 4 : 3;
  const perName = legacy ? -1 : 1;
  const collected: CollectedChat = { overheadTokens: 0, messages: [], images: [] };
  if (!Array.isArray(messages)) return collected;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    const pieces: string[] = [];
    collected.messages.push(pieces);
    collected.overheadTokens += perMessage;
    const { content } = message;
    if (typeof content === 'string') pieces.push(content, '\n');
    else if (Array.isArray(content)) {
      for (const part of content) {
        if (!isRecord(part)) continue;
        const text = textOfPart(part);
        if (text !== undefined) pieces.push(text, '\n');
        const image = skipImages ? undefined : imageOfPart(part);
        if (image !== undefined) collected.images.push(image);
      }
    }
    if (typeof message.role === 'string') pieces.push(message.role, '\n');
    if (typeof message.name === 'string') {
      collected.overheadTokens += perName;
      pieces.push(message.name, '\n');
    }
  }
  return collected;
}

/** §10.2 + §10.3 chat prompt count (messages array as the client sent it; images sized per §10.3). */
export async function countChatPromptTokens(
  model: string,
  messages: unknown,
  options: ChatCountOptions,
): Promise<number> {
  const collected = collectChatMessages(model, messages, options.skipImages);
  const { overheadTokens, images } = collected;
  let tokens =
    overheadTokens + (await countMessageTexts(model, collected.messages, options)) + REPLY_PRIMING_TOKENS;
  if (images.length > 0) {
    // Sized concurrently: each remote image may wait up to the fetch timeout.
    const imageTokens = await Promise.all(
      images.map((image) => countChatImageTokens(model, image, options.fetchImage)),
    );
    for (const count of imageTokens) tokens += count;
  }
  return tokens;
}
