// Analytics (console-screens §9) for admins, as numbers: the four summary cards core computes
// (analyticsSummary) — spend and balance, users, channels, recharges — one a line; `r` reloads.
import { type AnalyticsSummary, analyticsSummary, getAnalyticsStatistics, renderQuota } from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useLiveReload } from '../../kit/use-live-reload.js';

const BINDINGS = [
  { keys: 'r', labelKey: 'tui.keys.refresh' },
  { keys: 'p', labelKey: 'tui.keys.pause' },
];

/** The site's totals: spend, users, channels and recharges. */
export function AnalyticsScreen() {
  const { t, glyphs, refreshSeconds } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const { data: summary, refresh } = useLiveReload<AnalyticsSummary>(
    async () => analyticsSummary(await getAnalyticsStatistics(client)),
    '',
    { refreshSeconds, onError: host.notifyError, keys: host.active },
  );
  useScreenFrame(BINDINGS, false, refresh);

  if (!summary) return <Text dimColor>{glyphs.text(t('common.loading'))}</Text>;
  const money = (points: number) => renderQuota(points, quota);
  const lines: [string, string, string][] = [
    [
      t('analytics.summary.spend'),
      money(summary.usedQuota),
      t('analytics.summary.balance', { value: money(summary.balanceQuota) }),
    ],
    [
      t('analytics.summary.users'),
      String(summary.users),
      t('analytics.summary.users_sub', { direct: summary.directUsers, invited: summary.invitedUsers }),
    ],
    [
      t('analytics.summary.channels'),
      String(summary.channels.total),
      t('analytics.summary.channels_sub', {
        active: summary.channels.active,
        disabled: summary.channels.disabled,
        auto: summary.channels.testDisabled,
      }),
    ],
    [
      t('analytics.summary.recharge'),
      money(summary.rechargeQuota),
      [
        t('analytics.summary.recharge_sub', {
          codes: money(summary.redeemedQuota),
          orders: money(summary.orderQuota),
        }),
        ...summary.paid.map((paid) =>
          t('analytics.summary.paid', { amount: paid.amount.toFixed(2), currency: paid.currency }),
        ),
      ].join(' · '),
    ],
  ];
  const labelWidth = Math.max(...lines.map(([label]) => label.length));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.analytics')}</Text>
      {lines.map(([label, value, detail]) => (
        <Text key={label} wrap="truncate-end">
          {glyphs.text(`${label.padEnd(labelWidth)}  ${value.padStart(10)}  ${detail}`)}
        </Text>
      ))}
    </Box>
  );
}
