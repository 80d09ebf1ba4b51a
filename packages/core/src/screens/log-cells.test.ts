import { describe, expect, it } from 'vitest';
import { type Translate, translate } from '../i18n/i18n.js';
import { LOG_TYPE } from '../resources/logs/log-types.js';
import { LOG_COLUMNS } from '../resources/logs/logs.fields.js';
import { type Log, logSchema } from '../resources/logs/logs.schema.js';
import {
  durationTone,
  logBilling,
  logBillingFormula,
  logDuration,
  logGroupText,
  logPriceChips,
  logSpecialTokens,
  logTypeChip,
  specialTokenLineText,
  tokensPerSecondTone,
} from './log-cells.js';

const t: Translate = (key, params) => translate('en_US', key, params);

const log = (fields: Partial<Log>): Log =>
  logSchema.parse({ created_at: 1_700_000_000, type: LOG_TYPE.consume, ...fields });

describe('log duration cell (console-screens §3)', () => {
  it('colours by total seconds: ≤10 green, ≤50 primary, ≤100 secondary, else red', () => {
    expect([10, 10.1, 50, 50.1, 100, 100.1].map(durationTone)).toEqual([
      'success',
      'primary',
      'primary',
      'secondary',
      'secondary',
      'error',
    ]);
  });

  it('colours the speed: ≤10 t/s red, ≤15 secondary, ≤20 primary, faster green', () => {
    expect([10, 15, 20, 20.5].map(tokensPerSecondTone)).toEqual(['error', 'secondary', 'primary', 'success']);
  });

  it('Given a streamed reply, Then total / first token, and the speed counts only the time after it', () => {
    const cell = logDuration(
      log({ request_time: 12_500, completion_tokens: 300, metadata: { first_response: 2500 } }),
    );
    expect(cell).toMatchObject({ text: '12.5 s / 2.5 s', tone: 'primary', firstTokenSeconds: 2.5 });
    // 300 tokens over the 10 s after the first token.
    expect(cell?.tokensPerSecond).toEqual({ rate: 30, text: '30.0 t/s', tone: 'success' });
  });

  it('Given no first token and no output, Then total alone and no speed; no time → no cell', () => {
    expect(logDuration(log({ request_time: 120_000 }))).toEqual({
      totalSeconds: 120,
      text: '120.0 s',
      tone: 'error',
    });
    expect(logDuration(log({ request_time: 0 }))).toBeUndefined();
    const column = LOG_COLUMNS.find((c) => c.id === 'request_time');
    expect(column?.value(log({ request_time: 800, metadata: { first_response: 300 } }), {} as never)).toBe(
      '0.8 s / 0.3 s',
    );
  });
});

describe('log input cell: special tokens (§3)', () => {
  it('lists each kind as value × (ratio − 1) = extra and the billed totals (decimal maths, truncated)', () => {
    const special = logSpecialTokens(
      log({
        prompt_tokens: 1000,
        completion_tokens: 200,
        metadata: {
          cached_tokens: 100,
          cached_tokens_ratio: 0.1,
          reasoning_tokens: 33,
          reasoning_tokens_ratio: 1.5,
          input_audio_tokens: 0,
          input_audio_tokens_ratio: 20,
        },
      }),
    );
    expect(special?.lines.map((line) => [line.kind, line.extra])).toEqual([
      ['cached_tokens', -90],
      ['reasoning_tokens', 16],
    ]);
    expect(special).toMatchObject({ adjustedPrompt: 910, adjustedCompletion: 216 });
    const line = special?.lines[0];
    expect(line && specialTokenLineText(line, t)).toBe('Cached tokens: 100 × (0.1 − 1) = -90');
  });

  it('Given no special kind with a ratio, Then no breakdown', () => {
    expect(logSpecialTokens(log({ metadata: { cached_tokens: 5 } }))).toBeUndefined();
    expect(logSpecialTokens(log({ metadata: null }))).toBeUndefined();
  });
});

describe('log quota cell: billing breakdown (§3)', () => {
  const discounted = log({
    quota: 2250,
    prompt_tokens: 1000,
    completion_tokens: 500,
    metadata: {
      group_name: 'vip',
      group_ratio: 0.75,
      input_ratio: 1.5,
      output_ratio: 1.5,
      price_type: 'tokens',
      extra_billing: { web_search_preview: { type: 'medium', call_count: 2, price: 0.025 } },
    },
  });

  it('Given a group ratio below 1, Then original and actual prices, the charge at ratio 1 and the saving', () => {
    expect(logBilling(discounted)).toMatchObject({
      groupName: 'vip',
      groupRatio: 0.75,
      originalInputRatio: 2,
      inputRatio: 1.5,
      quota: 2250,
      originalQuota: 3000,
      savedPercent: 25,
      extraBilling: [{ service: 'web_search_preview', type: 'medium', calls: 2, price: 0.025 }],
    });
    expect(logBillingFormula(logBilling(discounted)!, t)).toBe(
      '(1000 / 1M × $3) + (500 / 1M × $3) + (2 × $0.025 × 0.75)',
    );
  });

  it('Given a per-call price, Then the formula is one call at its price; other logs have no breakdown', () => {
    const perCall = log({
      quota: 50_000,
      metadata: { group_ratio: 1, input_ratio: 50, price_type: 'times' },
    });
    expect(logBilling(perCall)).toMatchObject({ priceType: 'times', savedPercent: 0, originalQuota: 50_000 });
    expect(logBillingFormula(logBilling(perCall)!, t)).toBe('1 × $0.1');
    expect(
      logBilling(log({ type: LOG_TYPE.topup, metadata: { group_ratio: 1, input_ratio: 1 } })),
    ).toBeUndefined();
    expect(logBilling(log({ metadata: { group_name: 'default' } }))).toBeUndefined();
  });
});

describe('log detail cell: price chips (§3)', () => {
  it('Given a free consume log, Then one Free chip; a priced one, Input and Output per million', () => {
    expect(logPriceChips(log({ quota: 0 }), t)).toEqual([{ text: 'Free', tone: 'success' }]);
    const priced = log({ quota: 10, metadata: { group_ratio: 1, input_ratio: 1.25, output_ratio: 5 } });
    expect(logPriceChips(priced, t).map((chip) => chip.text)).toEqual(['Input: $2.5 /M', 'Output: $10 /M']);
    const perCall = log({ quota: 10, metadata: { group_ratio: 1, input_ratio: 50, price_type: 'times' } });
    expect(logPriceChips(perCall, t).map((chip) => chip.text)).toEqual(['$0.1 / call']);
  });

  it('Given a top-up or a consume log without ratios, Then no chips (the cell shows its text)', () => {
    expect(logPriceChips(log({ type: LOG_TYPE.topup, quota: 0 }), t)).toEqual([]);
    expect(logPriceChips(log({ quota: 10 }), t)).toEqual([]);
  });
});

describe('log group cell (§3)', () => {
  it('Given the backup group served, Then `group → backup`; otherwise the group alone', () => {
    expect(
      logGroupText(
        log({ metadata: { group_name: 'vip', backup_group_name: 'default', is_backup_group: true } }),
      ),
    ).toBe('vip → default');
    expect(
      logGroupText(
        log({ metadata: { group_name: 'vip', backup_group_name: 'default', is_backup_group: false } }),
      ),
    ).toBe('vip');
    expect(logGroupText(log({ metadata: null }))).toBe('');
  });
});

describe('log type chip (§3)', () => {
  it('colours each type apart: top-up green, usage blue, management orange, system purple', () => {
    expect(
      [LOG_TYPE.topup, LOG_TYPE.consume, LOG_TYPE.manage, LOG_TYPE.system, 99].map(
        (type) => logTypeChip(type).tone,
      ),
    ).toEqual(['success', 'primary', 'orange', 'secondary', 'default']);
    const type = LOG_COLUMNS.find((column) => column.id === 'type');
    expect(type?.chip && type.chipStyle?.(log({ type: LOG_TYPE.topup }))).toEqual({ tone: 'success' });
    // The user, token and model chips copy their text with a click.
    expect(LOG_COLUMNS.filter((column) => column.copy).map((column) => column.id)).toEqual([
      'username',
      'token_name',
      'model_name',
    ]);
  });
});
