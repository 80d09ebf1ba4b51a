// Tokens of one image inside a chat prompt (behaviour spec §10.3), by model family.
import type { ImageSize } from './image-size.js';
import { fetchImageHead, type ImageFetcher, resolveImageSize } from './image-source.js';

export interface ChatImage {
  url: string;
  /** OpenAI `detail`: low, high, auto or '' (unset). */
  detail: string;
}

interface OpenAiImageCost {
  low: number;
  perTile: number;
  base: number;
}

const OPENAI_IMAGE_COST: OpenAiImageCost = { low: 85, perTile: 170, base: 85 };
// gpt-4o-mini bills images at about 33× the token count so that its cheaper tokens cost the same per image.
const GPT_4O_MINI_IMAGE_COST: OpenAiImageCost = { low: 2833, perTile: 5667, base: 2833 };

const GEMINI_IMAGE_TOKENS = 258;
const GLM_IMAGE_TOKENS = 1047;
const CLAUDE_PIXELS_PER_TOKEN = 750;

/** OpenAI's high-detail tiling: fit 2048 on the long side, then 768 on the short side, 512 px tiles. */
export function openAiHighDetailTiles(size: ImageSize): number {
  let { width, height } = size;
  if (width > 2048 || height > 2048) {
    const ratio = 2048 / Math.max(width, height);
    width = Math.floor(width * ratio);
    height = Math.floor(height * ratio);
  }
  if (width > 768 && height > 768) {
    const ratio = 768 / Math.min(width, height);
    width = Math.floor(width * ratio);
    height = Math.floor(height * ratio);
  }
  return Math.ceil(width / 512) * Math.ceil(height / 512);
}

async function countOpenAiImageTokens(
  model: string,
  image: ChatImage,
  fetchImage: ImageFetcher,
): Promise<number> {
  const cost = model.startsWith('gpt-4o-mini') ? GPT_4O_MINI_IMAGE_COST : OPENAI_IMAGE_COST;
  // "auto" is treated as high: OpenAI bills small images at the high-detail rate too.
  const detail = image.detail === '' || image.detail === 'auto' ? 'high' : image.detail;
  if (detail === 'low') return cost.low;
  if (detail !== 'high') throw new Error(`invalid image detail ${detail}`);
  const tiles = openAiHighDetailTiles(await resolveImageSize(image.url, fetchImage));
  return tiles * cost.perTile + cost.base;
}

async function countImageTokensOrThrow(
  model: string,
  image: ChatImage,
  fetchImage: ImageFetcher,
): Promise<number> {
  if (model.startsWith('gemini-')) return GEMINI_IMAGE_TOKENS;
  if (model.startsWith('glm-')) return GLM_IMAGE_TOKENS;
  if (model.startsWith('claude-')) {
    const { width, height } = await resolveImageSize(image.url, fetchImage);
    return Math.ceil((width * height) / CLAUDE_PIXELS_PER_TOKEN);
  }
  // gpt-* and every other family are costed the OpenAI way.
  return countOpenAiImageTokens(model, image, fetchImage);
}

/** Tokens of one chat image for a model; an image that cannot be sized counts 0 rather than failing the request. */
export async function countChatImageTokens(
  model: string,
  image: ChatImage,
  fetchImage: ImageFetcher = fetchImageHead,
): Promise<number> {
  try {
    return await countImageTokensOrThrow(model, image, fetchImage);
  } catch {
    return 0;
  }
}
