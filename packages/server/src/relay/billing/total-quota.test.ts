import { describe, expect, it } from 'vitest';
import { searchPreviewExtraBilling } from './extra-billing.js';
import { requestRatios } from './request-ratios.js';
import { adjustedTokens, totalQuota } from './total-quota.js';

const gpt4o = { type: 'tokens', input: 2.5, output: 7.5 };
const usage = (prompt_tokens: number, completion_tokens: number) => ({ prompt_tokens, completion_tokens });

describe('totalQuota: tokens prices (spec §9.3 step 2)', () => {
  it('Given 1000 prompt and 500 completion tokens at 2.5/7.5, then q = 2500 + 3750', () => {
    expect(totalQuota(usage(1000, 500), requestRatios(gpt4o, 1))).toBe(6250);
  });

  it('Given group ratio 0.5 or 2, then the charge scales with it', () => {
    expect(totalQuota(usage(1000, 500), requestRatios(gpt4o, 0.5))).toBe(3125);
    expect(totalQuota(usage(1000, 500), requestRatios(gpt4o, 2))).toBe(12500);
  });

  it('Given a fractional charge, then it is rounded up (1.5 → 2)', () => {
    expect(totalQuota(usage(3, 0), requestRatios({ type: 'tokens', input: 0.5, output: 0 }, 1))).toBe(2);
  });

  it('Given an unpriced model, then 30/30 applies', () => {
    expect(totalQuota(usage(10, 20), requestRatios(undefined, 1))).toBe(900);
  });
});

describe('totalQuota: times prices', () => {
  it('Given input 50, then one call costs 1000 × 50, times the group ratio', () => {
    const call = usage(1, 0);
    expect(totalQuota(call, requestRatios({ type: 'times', input: 50, output: 9 }, 1))).toBe(50_000);
    expect(totalQuota(call, requestRatios({ type: 'times', input: 50, output: 9 }, 0.5))).toBe(25_000);
    expect(totalQuota(usage(5000, 9000), requestRatios({ type: 'times', input: 50, output: 9 }, 2))).toBe(
      100_000,
    );
  });

  it('Given 1000 × input is fractional, then it is truncated (1.5 → 1)', () => {
    expect(totalQuota(usage(1, 0), requestRatios({ type: 'times', input: 0.0015, output: 0 }, 1))).toBe(1);
  });
});

describe('totalQuota: extra usage ratios (step 1)', () => {
  it('Given 400 of 1000 prompt tokens cached at ratio 0.5, then the prompt side counts 800', () => {
    const ratios = requestRatios({ ...gpt4o, extra_ratios: { cached_tokens: 0.5 } }, 1);
    const billed = { ...usage(1000, 100), extra: { cached_tokens: 400 } };
    expect(adjustedTokens(billed, ratios)).toEqual({ prompt: 800, completion: 100 });
    expect(totalQuota(billed, ratios)).toBe(2750);
  });

  it('Given Claude cache reads and writes, then the defaults 0.1 and 1.25 apply', () => {
    const ratios = requestRatios({ type: 'tokens', input: 1.5, output: 7.5 }, 1);
    const billed = { ...usage(1000, 0), extra: { cached_read_tokens: 300, cached_write_tokens: 100 } };
    // 1000 − trunc(300·0.9) + trunc(100·0.25) = 1000 − 270 + 25 = 755; 755 × 1.5 = 1132.5 → 1133
    expect(adjustedTokens(billed, ratios).prompt).toBe(755);
    expect(totalQuota(billed, ratios)).toBe(1133);
  });

  it('Given audio tokens at 40 (input) and 20 (output), then each side grows by n·(r − 1)', () => {
    const ratios = requestRatios(
      {
        type: 'tokens',
        input: 1.25,
        output: 5,
        extra_ratios: { input_audio_tokens: 40, output_audio_tokens: 20 },
      },
      1,
    );
    const billed = { ...usage(100, 20), extra: { input_audio_tokens: 50, output_audio_tokens: 10 } };
    // prompt 100 + 50·39 = 2050, completion 20 + 10·19 = 210; 2050·1.25 + 210·5 = 3612.5 → 3613
    expect(adjustedTokens(billed, ratios)).toEqual({ prompt: 2050, completion: 210 });
    expect(totalQuota(billed, ratios)).toBe(3613);
  });

  it('Given reasoning tokens at 5.833, then the completion side truncates n·(r − 1)', () => {
    const ratios = requestRatios(
      { type: 'tokens', input: 0.075, output: 0.3, extra_ratios: { reasoning_tokens: 5.833 } },
      1,
    );
    const billed = { ...usage(0, 10), extra: { reasoning_tokens: 7 } };
    // 7 · 4.833 = 33.831 → 33; completion 43; 43 · 0.3 = 12.9 → 13
    expect(adjustedTokens(billed, ratios).completion).toBe(43);
    expect(totalQuota(billed, ratios)).toBe(13);
  });
});

describe('totalQuota: per-call tool billing (step 3)', () => {
  it('Given 2 web searches on gpt-4o at group 0.5, then 2 × 12500 points are added, halved', () => {
    const billed = {
      ...usage(10, 10),
      extra_billing: { web_search_preview: { type: 'medium', call_count: 2 } },
    };
    // base 10·1.25 + 10·3.75 = 50; extra ceil(25000 · 0.5) = 12500
    expect(totalQuota(billed, requestRatios(gpt4o, 0.5), { model: 'gpt-4o' })).toBe(12_550);
  });

  it('Given a web search on another model, then it costs $0.01 = 5000 points', () => {
    const billed = { ...usage(10, 0), extra_billing: { web_search_preview: { type: 'low', call_count: 1 } } };
    expect(
      totalQuota(billed, requestRatios({ type: 'tokens', input: 1, output: 1 }, 1), { model: 'o3' }),
    ).toBe(5010);
  });

  it('Given a high 1024x1536 image generation at group 2, then $0.25 → 125000 × 2 is added', () => {
    const billed = {
      ...usage(1, 0),
      extra_billing: { image_generation: { type: 'high-1024x1536', call_count: 1 } },
    };
    expect(
      totalQuota(billed, requestRatios({ type: 'tokens', input: 1, output: 1 }, 2), { model: 'gpt-4.1' }),
    ).toBe(250_002);
  });

  it('Given an unknown service, then nothing is added', () => {
    const billed = { ...usage(10, 0), extra_billing: { teleport: { type: 'x', call_count: 3 } } };
    expect(totalQuota(billed, requestRatios({ type: 'tokens', input: 1, output: 1 }, 1))).toBe(10);
  });

  it('Given a search-preview chat model, then one medium web search is billed', () => {
    expect(searchPreviewExtraBilling('gpt-4o-search-preview')).toEqual({
      web_search_preview: { type: 'medium', call_count: 1 },
    });
    expect(searchPreviewExtraBilling('gpt-4o-mini-search-preview', 'high')?.web_search_preview?.type).toBe(
      'high',
    );
    expect(searchPreviewExtraBilling('gpt-4o')).toBeUndefined();
  });
});

describe('totalQuota: minimum charge, free models, no tokens (steps 4–5)', () => {
  it('Given a priced model whose charge comes to 0, then the minimum of 1 point is billed', () => {
    expect(totalQuota(usage(0, 5), requestRatios({ type: 'tokens', input: 1, output: 0 }, 1))).toBe(1);
    expect(totalQuota(usage(1, 0), requestRatios({ type: 'times', input: 0.0005, output: 0 }, 1))).toBe(1);
  });

  it('Given a free model, then nothing is billed, not even the minimum', () => {
    expect(totalQuota(usage(100, 100), requestRatios({ type: 'tokens', input: 0, output: 0 }, 1))).toBe(0);
    expect(totalQuota(usage(100, 100), requestRatios(gpt4o, 0))).toBe(0);
  });

  it('Given input ratio 0 but a paid output, then only the output is billed and no minimum applies', () => {
    const ratios = requestRatios({ type: 'tokens', input: 0, output: 2 }, 1);
    expect(totalQuota(usage(100, 0), ratios)).toBe(0);
    expect(totalQuota(usage(100, 3), ratios)).toBe(6);
  });

  it('Given no tokens at all, then q = 0 even for a times price', () => {
    expect(totalQuota(usage(0, 0), requestRatios({ type: 'times', input: 50, output: 0 }, 1))).toBe(0);
    expect(totalQuota(usage(0, 0), requestRatios(gpt4o, 1))).toBe(0);
  });
});

describe('totalQuota: exactness', () => {
  it('Given 10^7 tokens each way at 30/30, then the charge is exactly 6·10^8', () => {
    expect(totalQuota(usage(10_000_000, 10_000_000), requestRatios(undefined, 1))).toBe(600_000_000);
  });

  it('Given 10^7 + 3 tokens at 0.07, then 700000.21 rounds up to exactly 700001', () => {
    expect(
      totalQuota(usage(10_000_003, 0), requestRatios({ type: 'tokens', input: 0.07, output: 0 }, 1)),
    ).toBe(700_001);
  });

  it('Given ratio 0.1 and 3 tokens, then the charge is ceil(0.3) = 1', () => {
    expect(totalQuota(usage(3, 0), requestRatios({ type: 'tokens', input: 0.1, output: 0 }, 1))).toBe(1);
    expect(totalQuota(usage(3, 3), requestRatios({ type: 'tokens', input: 0.1, output: 0.1 }, 1))).toBe(1);
  });

  it('Given ratios where floats drift past a whole point, then the decimal result holds', () => {
    // float: 100 · 0.07 = 7.000000000000001 → ceil 8; exact: 7
    expect(Math.ceil(100 * 0.07)).toBe(8);
    expect(totalQuota(usage(100, 0), requestRatios({ type: 'tokens', input: 0.07, output: 0 }, 1))).toBe(7);
    // float: 1000 · 1.005 = 1004.9999999999999 → int 1004; exact: 1005
    expect(Math.trunc(1000 * 1.005)).toBe(1004);
    expect(totalQuota(usage(1, 0), requestRatios({ type: 'times', input: 1.005, output: 0 }, 1))).toBe(1005);
  });
});
