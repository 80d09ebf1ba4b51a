// The cells of a channel row that do more than show text (console-screens §1.3): the response-time chip
// that tests, the balance that refreshes, the status caption, group and type chips.
import { Button, type Intent, Tag } from '@blueprintjs/core';
import {
  CHANNEL_SCREEN,
  type Channel,
  channelStatusCaptionKey,
  channelTypeById,
  channelTypeNameKey,
  formatChannelBalance,
  formatTimestamp,
  renderQuota,
  type ResponseTimeBand,
  responseTimeBand,
  responseTimeText,
  testChannel,
  updateChannelBalance,
} from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { showToast } from '../../lib/toasts';
import { useServerStep } from '../../kit/mutations';
import { StatusSwitch } from '../../kit/status-switch';
import { useT } from '../../lib/use-t';

/** The list's cache key: every channel list and tag sub-table reloads after a change. */
export const CHANNELS = 'channels';

const BAND_INTENT: Record<ResponseTimeBand, Intent> = {
  untested: 'none',
  fast: 'success',
  good: 'primary',
  slow: 'warning',
  bad: 'danger',
};

/**
 * Tests a channel with one model (its test model when none is given): toasts the time the server
 * measured and reloads the lists, whose response-time chips then show it.
 */
export function useChannelTest() {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const { busy, run } = useServerStep();
  const test = async (channel: Channel, model?: string) => {
    const chosen = model ?? channel.test_model;
    if (!chosen) {
      showToast('error', t('channels.list.no_test_model'));
      return;
    }
    await run(async () => {
      const reply = await testChannel(client, channel.id, chosen);
      showToast(
        'info',
        t('channels.list.test_took', { name: channel.name, model: chosen, time: reply.time.toFixed(2) }),
      );
    });
    await queries.invalidateQueries({ queryKey: [CHANNELS] });
  };
  return { test, busy };
}

/** `n.nn s` coloured by speed, or "not tested"; a click tests with the channel's test model. */
export function ResponseTimeChip({ channel }: { channel: Channel }) {
  const t = useT();
  const { test, busy } = useChannelTest();
  const text = responseTimeText(channel.test_time > 0 ? channel.response_time : 0);
  const hint =
    channel.test_time > 0
      ? t('channels.list.test_hint_last', { time: formatTimestamp(channel.test_time) })
      : t('channels.list.test_hint');
  return (
    <Button
      size="small"
      variant="outlined"
      className="gw-chip-button"
      intent={BAND_INTENT[responseTimeBand(channel.test_time > 0 ? channel.response_time : 0)]}
      loading={busy}
      title={hint}
      text={text ?? t('channels.list.not_tested')}
      onClick={() => void test(channel)}
    />
  );
}

/** The used quota, and the upstream balance that refreshes on click (¥ for the yuan providers). */
export function UsedQuota({ channel }: { channel: Channel }) {
  const quota = useQuotaDisplay();
  return <span>{renderQuota(channel.used_quota, quota)}</span>;
}

export function BalanceButton({ channel }: { channel: Channel }) {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const { busy, run } = useServerStep();
  const refresh = async () => {
    await run(async () => {
      const reply = await updateChannelBalance(client, channel.id);
      showToast(
        'success',
        t('channels.list.balance_now', {
          name: channel.name,
          value: formatChannelBalance(reply.balance, channel.type),
        }),
      );
    });
    await queries.invalidateQueries({ queryKey: [CHANNELS] });
  };
  return (
    <Button
      size="small"
      variant="minimal"
      className="gw-chip-button"
      loading={busy}
      title={t('channels.list.balance_hint')}
      text={formatChannelBalance(channel.balance, channel.type)}
      onClick={() => void refresh()}
    />
  );
}

/** A channel's groups stacked as chips; none means the default group. */
export function GroupChips({ channel }: { channel: Channel }) {
  const groups = channel.group
    .split(',')
    .map((group) => group.trim())
    .filter(Boolean);
  return (
    <span className="gw-chip-stack">
      {(groups.length > 0 ? groups : ['default']).map((group) => (
        <Tag key={group} minimal round>
          {group}
        </Tag>
      ))}
    </span>
  );
}

/** The type as an outlined chip; a type gw does not know shows red. */
export function TypeChip({ channel }: { channel: Channel }) {
  const t = useT();
  const known = channelTypeById(channel.type)?.offered === true;
  return (
    <Tag minimal className="gw-outlined-chip" intent={known ? 'primary' : 'danger'}>
      {t(channelTypeNameKey(channel.type))}
    </Tag>
  );
}

/** The caption beside a status switch: enabled, manual or automatic. */
export function statusCaption(t: ReturnType<typeof useT>, channel: Channel): string {
  return t(channelStatusCaptionKey(channel.status));
}

/** A channel's status switch (enabled ⇄ manually disabled) with its caption (§1.3). */
export function ChannelStatus({ channel }: { channel: Channel }) {
  const t = useT();
  const status = CHANNEL_SCREEN.status;
  if (!status) return null;
  return (
    <StatusSwitch
      status={status}
      row={channel}
      name={channel.name}
      text={statusCaption(t, channel)}
      entity={CHANNELS}
    />
  );
}
