import { describe, expect, it } from 'vitest';
import { consumeLogMetadata } from './log-metadata.js';
import { requestRatios } from './request-ratios.js';

describe('consumeLogMetadata (contract §2.5)', () => {
  it('Given an audio request in group 0.5, then the metadata shows the billed ratios and reported kinds', () => {
    const ratios = requestRatios(
      {
        type: 'tokens',
        input: 1.25,
        output: 5,
        extra_ratios: { input_audio_tokens: 40, output_audio_tokens: 20 },
      },
      0.5,
    );
    const usage = {
      prompt_tokens: 100,
      completion_tokens: 20,
      extra: { input_audio_tokens: 50, output_audio_tokens: 10, cached_tokens: 0 },
    };
    expect(consumeLogMetadata({ groupName: 'vip' }, ratios, usage, { firstResponseMs: 120 })).toEqual({
      group_name: 'vip',
      backup_group_name: '',
      is_backup_group: false,
      price_type: 'tokens',
      group_ratio: 0.5,
      input_ratio: 0.625,
      output_ratio: 2.5,
      first_response: 120,
      input_audio_tokens: 50,
      input_audio_tokens_ratio: 40,
      output_audio_tokens: 10,
      output_audio_tokens_ratio: 20,
    });
  });

  it('Given a times price served by the backup group, then the log says so and output ratio is 0', () => {
    const metadata = consumeLogMetadata(
      { groupName: 'default', backupGroupName: 'backup', isBackupGroup: true },
      requestRatios({ type: 'times', input: 50, output: 3 }, 2),
      { prompt_tokens: 1, completion_tokens: 0 },
    );
    expect(metadata).toMatchObject({
      backup_group_name: 'backup',
      is_backup_group: true,
      price_type: 'times',
      group_ratio: 2,
      input_ratio: 100,
      output_ratio: 0,
    });
    expect(metadata).not.toHaveProperty('first_response');
    expect(metadata).not.toHaveProperty('extra_billing');
  });

  it('Given cached tokens at the default ratio and a paid tool call, then both are logged', () => {
    const metadata = consumeLogMetadata(
      { groupName: 'default' },
      requestRatios({ type: 'tokens', input: 2.5, output: 7.5 }, 1),
      {
        prompt_tokens: 10,
        completion_tokens: 10,
        extra: { cached_read_tokens: 4 },
        extra_billing: { web_search_preview: { type: 'medium', call_count: 2 } },
      },
      { model: 'gpt-4o-mini' },
    );
    expect(metadata.cached_read_tokens).toBe(4);
    expect(metadata.cached_read_tokens_ratio).toBe(0.1);
    expect(metadata.extra_billing).toEqual({
      web_search_preview: { type: 'medium', call_count: 2, price: 0.025 },
    });
  });
});
