import { describe, expect, it } from 'vitest';
import { extraUsageFromOpenAi } from './extra-usage.js';

describe('extraUsageFromOpenAi (spec §9.3 sources)', () => {
  it('Given OpenAI usage details, then each reported positive count maps to its kind', () => {
    expect(
      extraUsageFromOpenAi({
        prompt_tokens_details: { cached_tokens: 400, audio_tokens: 50, text_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 12, audio_tokens: 10 },
      }),
    ).toEqual({ cached_tokens: 400, input_audio_tokens: 50, output_audio_tokens: 10, reasoning_tokens: 12 });
  });

  it('Given no details, then there are no extra kinds', () => {
    expect(extraUsageFromOpenAi({ prompt_tokens_details: null })).toEqual({});
  });
});
