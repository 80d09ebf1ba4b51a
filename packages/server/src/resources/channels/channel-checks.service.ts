// Channel test and balance flows (contract §1.7) around the ChannelProvider seam: the relay issue only
// fills in the provider; the bookkeeping (latency, balance, auto-disable, auto-enable) lives here.
import { CHANNEL_STATUS, type ModelCheckResult, nowSeconds, optionDefault } from '@gw/core';
import { ApiFailure, fieldFailure } from '../../shared/api-failure.js';
import type { OptionStore } from '../../shared/context.js';
import type { ChannelsStore, StoredChannel } from './channels.repository.js';
import { channelRowToChannel } from './channels.wire.js';
import type { ChannelProvider, ChannelTestResult } from './provider.js';

/** Types whose balance one-hub refreshes in the whole-site run: OpenAI and Custom. */
const BALANCE_TYPES = [1, 8];

/** What a test of one channel means for the reply: an i18n key with its parameters. */
export interface ChannelTestOutcome {
  ok: boolean;
  messageKey: string;
  params: Record<string, unknown>;
  seconds: number;
}

const toChannel = (row: StoredChannel) => channelRowToChannel(row, { withKey: true });

/** The test and balance flows over the store, the site options and the provider. */
export function createChannelChecksService(
  store: ChannelsStore,
  options: OptionStore,
  provider: ChannelProvider,
  log: (error: unknown, channelId: number) => void,
) {
  let run: Promise<void> | undefined;
  const flag = async (key: string) => (await options.get(key)) === 'true';

  function requireProvider(): void {
    if (!provider.available) throw new ApiFailure('FAILED', 'channels.errors.provider_unavailable');
  }

  /**
   * Records a test result: latency on success, auto-disable on a refused credential. Re-enabling an
   * auto-disabled channel is the test-all run's alone (spec §8.2 step 4): a single test or a model
   * check that succeeds leaves the status as it is.
   */
  async function record(row: StoredChannel, result: ChannelTestResult, mayEnable: boolean): Promise<boolean> {
    if (result.ok) {
      const enable =
        mayEnable &&
        row.status === CHANNEL_STATUS.autoDisabled &&
        (await flag('AutomaticEnableChannelEnabled'));
      await store.update(row.id, {
        response_time: Math.round(result.seconds * 1000),
        test_time: nowSeconds(),
        ...(enable ? { status: CHANNEL_STATUS.enabled } : {}),
      });
      return false;
    }
    const disable =
      result.authFailure === true &&
      row.status === CHANNEL_STATUS.enabled &&
      (await flag('AutomaticDisableChannelEnabled'));
    if (disable) await store.update(row.id, { status: CHANNEL_STATUS.autoDisabled });
    return disable;
  }

  /** ChannelDisableThreshold in seconds (0 = never); only the test-all run applies it (spec §8.2 step 4). */
  async function slowThreshold(): Promise<number> {
    const value = Number(
      (await options.get('ChannelDisableThreshold')) ?? optionDefault('ChannelDisableThreshold'),
    );
    return Number.isFinite(value) && value > 0 ? value : 0;
  }

  /** A too-slow test: an enabled channel is disabled whatever AutomaticDisableChannelEnabled says; a disabled one stays. */
  async function recordSlow(row: StoredChannel): Promise<boolean> {
    if (row.status !== CHANNEL_STATUS.enabled) return false;
    await store.update(row.id, { status: CHANNEL_STATUS.autoDisabled });
    return true;
  }

  /** Tests `row` with `model`; `testAll` marks the background run, the only one that applies the slow threshold and re-enables. */
  async function testRow(
    row: StoredChannel,
    model: string,
    testAll?: { threshold: number },
  ): Promise<ChannelTestOutcome> {
    const threshold = testAll?.threshold ?? 0;
    const result = await provider.test(toChannel(row), model);
    if (threshold > 0 && result.seconds > threshold) {
      const slowDisabled = await recordSlow(row);
      return {
        ok: false,
        messageKey: slowDisabled ? 'channels.messages.test_failed_disabled' : 'channels.messages.test_failed',
        params: { reason: `${result.seconds}s > ${threshold}s` },
        seconds: result.seconds,
      };
    }
    const disabled = await record(row, result, testAll !== undefined);
    if (result.ok) {
      return { ok: true, messageKey: 'channels.messages.test_success', params: {}, seconds: result.seconds };
    }
    return {
      ok: false,
      messageKey: disabled ? 'channels.messages.test_failed_disabled' : 'channels.messages.test_failed',
      params: { reason: result.message },
      seconds: result.seconds,
    };
  }

  return {
    /** Tests one channel with `model` or its test model. */
    async testOne(row: StoredChannel, model?: string): Promise<ChannelTestOutcome> {
      const chosen = model || row.test_model;
      if (!chosen) throw fieldFailure('test_model', 'channels.validation.test_model_required');
      return testRow(row, chosen);
    },

    /** Starts a background test of every channel not disabled by hand; one run at a time. */
    startTestAll(): void {
      requireProvider();
      if (run) throw new ApiFailure('FAILED', 'channels.errors.test_running');
      run = (async () => {
        const threshold = await slowThreshold();
        for (const row of await store.findWhere([CHANNEL_STATUS.enabled, CHANNEL_STATUS.autoDisabled])) {
          if (!row.test_model) continue;
          try {
            await testRow(row, row.test_model, { threshold });
          } catch (error) {
            log(error, row.id);
          }
        }
      })().finally(() => {
        run = undefined;
      });
    },

    /** Reads one channel's upstream balance and stores it. */
    async balanceOne(row: StoredChannel): Promise<number> {
      const balance = await provider.balance(toChannel(row));
      await store.update(row.id, { balance, balance_updated_time: nowSeconds() });
      return balance;
    },

    /**
     * Refreshes every enabled OpenAI/Custom channel; one at or below 0 is auto-disabled whatever
     * AutomaticDisableChannelEnabled says (spec §8.3: the rule has no option gate).
     */
    async balanceAll(): Promise<void> {
      requireProvider();
      for (const row of await store.findWhere([CHANNEL_STATUS.enabled], BALANCE_TYPES)) {
        try {
          const balance = await provider.balance(toChannel(row));
          await store.update(row.id, {
            balance,
            balance_updated_time: nowSeconds(),
            ...(balance <= 0 ? { status: CHANNEL_STATUS.autoDisabled } : {}),
          });
        } catch (error) {
          log(error, row.id);
        }
      }
    },

    /** Checks each model on one channel, handing every result to `emit` as soon as it is known. */
    async check(
      row: StoredChannel,
      models: string[],
      emit: (result: ModelCheckResult) => void,
      describe: (outcome: ChannelTestOutcome) => string,
    ): Promise<void> {
      requireProvider();
      for (const model of models) {
        let status = 0;
        let remark: string;
        try {
          const outcome = await testRow(row, model);
          status = outcome.ok ? 1 : 0;
          remark = describe(outcome);
        } catch (error) {
          if (!(error instanceof ApiFailure)) log(error, row.id);
          const key = error instanceof ApiFailure ? error.messageKey : 'errors.unknown';
          const params = error instanceof ApiFailure ? error.params : {};
          remark = describe({ ok: false, messageKey: key, params, seconds: 0 });
        }
        emit({
          model,
          process: [{ name: 'test', results: [{ name: 'request', status, remark }], response: null }],
        });
      }
    },

    requireProvider,
  };
}

export type ChannelChecksService = ReturnType<typeof createChannelChecksService>;
