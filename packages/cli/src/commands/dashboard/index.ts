// `gw dashboard`: the web dashboard's figures (console-screens §7) — balance, used, requests, today's
// requests, spend and tokens against yesterday, and the rate of the last minute — from core's maths.
import { Command } from 'commander';
import {
  DASHBOARD_DEFAULT_DAYS,
  dailyTotals,
  daysOfRange,
  getDashboard,
  getDashboardRate,
  getSelf,
  type KpiFigure,
  kpiFigures,
  lastDaysRange,
  renderNumber,
  renderQuota,
} from '@gw/core';
import { checkJsonFields, jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { printJson, printRecord } from '../../output/print.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { quotaDisplayOf } from '../../runtime/site.js';

/** The JSON fields `--json a,b` may pick. */
const DASHBOARD_FIELDS = ['balance', 'used_quota', 'request_count', 'today', 'rate'];

/** `gw dashboard` (alias `home`). */
export function buildCommand(ctx: CliContext): Command {
  const { t } = ctx;
  return new Command('dashboard')
    .alias('home')
    .description(t('cli.dashboard.description'))
    .addOption(jsonOption(ctx))
    .action(async (opts: Record<string, unknown>) => {
      checkJsonFields(jsonRequest(opts.json), DASHBOARD_FIELDS);
      const { client } = signedInClient(ctx);
      // Today and the 7 days before it, so the first day of the week still has a "yesterday" (as the web).
      const days = daysOfRange(lastDaysRange(Date.now(), DASHBOARD_DEFAULT_DAYS + 1));
      const [self, recent, rate, quota] = await Promise.all([
        getSelf(client),
        getDashboard(client),
        getDashboardRate(client),
        quotaDisplayOf(client),
      ]);
      const today = kpiFigures(dailyTotals(recent, days));
      if (opts.json) {
        const figures = {
          balance: self.quota,
          used_quota: self.used_quota,
          request_count: self.request_count,
          today,
          rate,
        };
        printJson(ctx, pickJson(figures, jsonRequest(opts.json)));
        return;
      }
      if (!ctx.stdoutIsTty) {
        // A pipe gets raw numbers (points, counts), one `name<TAB>value` a line.
        const rows: [string, number][] = [
          ['balance', self.quota],
          ['used_quota', self.used_quota],
          ['request_count', self.request_count],
          ['today_requests', today.requests.today],
          ['today_quota', today.quota.today],
          ['today_tokens', today.tokens.today],
          ['rpm', rate.rpm],
          ['max_rpm', rate.maxRPM],
          ['tpm', rate.tpm],
          ['max_tpm', rate.maxTPM],
        ];
        printRecord(
          ctx,
          rows.map(([id, value]) => ({ id, labelKey: id, value: String(value) })),
        );
        return;
      }
      const trend = (figure: KpiFigure, text: string) =>
        `${text}  ${t('dashboard.trend', { percent: `${figure.trend > 0 ? '+' : ''}${figure.trend}%` })}`;
      printRecord(ctx, [
        { id: 'balance', labelKey: 'dashboard.balance', value: renderQuota(self.quota, quota) },
        { id: 'used_quota', labelKey: 'dashboard.used', value: renderQuota(self.used_quota, quota) },
        { id: 'request_count', labelKey: 'dashboard.requests', value: renderNumber(self.request_count) },
        {
          id: 'today_requests',
          labelKey: 'dashboard.today_requests',
          value: trend(today.requests, renderNumber(today.requests.today)),
        },
        {
          id: 'today_quota',
          labelKey: 'dashboard.today_spend',
          value: trend(today.quota, renderQuota(today.quota.today, quota, 6)),
        },
        {
          id: 'today_tokens',
          labelKey: 'dashboard.today_tokens',
          value: trend(today.tokens, renderNumber(today.tokens.today)),
        },
        {
          id: 'rpm',
          labelKey: 'dashboard.rpm',
          value:
            rate.maxRPM > 0
              ? t('dashboard.rpm_value', { rpm: rate.rpm, max: rate.maxRPM })
              : t('dashboard.rpm_unlimited', { rpm: rate.rpm }),
        },
        { id: 'tpm', labelKey: 'cli.dashboard.tpm', value: t('dashboard.tpm_value', { tpm: rate.tpm }) },
      ]);
    });
}
