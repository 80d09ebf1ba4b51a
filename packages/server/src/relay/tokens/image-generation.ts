// The prompt "tokens" of an image generation (behaviour spec §9.7): int(sizeRatio·1000)·n, so that a
// tokens-type price such as dall-e-3's 20 bills 20,000 points for one standard 1024² image. Ratios are
// kept in thousandths so the arithmetic stays in integers.

/** sizeRatio·1000 per model and size. */
const SIZE_RATIO_THOUSANDTHS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'dall-e-2': { '256x256': 1000, '512x512': 1125, '1024x1024': 1250 },
  'dall-e-3': { '1024x1024': 1000, '1024x1792': 2000, '1792x1024': 2000 },
};

const RECRAFT_MODELS = new Set(['recraft20b', 'recraftv3']);
const UNKNOWN_RATIO_THOUSANDTHS = 1000;

function sizeRatioThousandths(model: string, size: string, quality: string, style: string): number {
  if (RECRAFT_MODELS.has(model)) return style === 'vector_illustration' ? 2000 : UNKNOWN_RATIO_THOUSANDTHS;
  const ratio = SIZE_RATIO_THOUSANDTHS[model]?.[size];
  if (ratio === undefined) return UNKNOWN_RATIO_THOUSANDTHS;
  if (model === 'dall-e-3' && quality === 'hd') return size === '1024x1024' ? ratio * 2 : (ratio * 3) / 2;
  return ratio;
}

function stringField(body: Record<string, unknown>, key: string, fallback: string): string {
  const value = body[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** §9.7 images: defaults dall-e-2, n 1, 1024x1024, standard quality. */
export function estimateImageGenerationTokens(model: string, body: Record<string, unknown>): number {
  // A multipart edit or variation carries n as text.
  const count = typeof body.n === 'string' && /^\d+$/.test(body.n.trim()) ? Number(body.n) : body.n;
  const n = typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 1;
  const ratio = sizeRatioThousandths(
    model === '' ? 'dall-e-2' : model,
    stringField(body, 'size', '1024x1024'),
    stringField(body, 'quality', 'standard'),
    stringField(body, 'style', ''),
  );
  return ratio * n;
}
