import { Icon, Tooltip } from '@blueprintjs/core';
import {
  type Log,
  type LogBilling,
  logBilling,
  logBillingFormula,
  logContentText,
  logDuration,
  logGroupCell,
  logPriceChips,
  logPriceText,
  logSpecialTokens,
  type QuotaDisplay,
  renderQuota,
  specialTokenLineText,
} from '@gw/core';
import type { CellSlot } from '../../kit/resource-table';
import { LabelChip } from '../../kit/label-chip';
import type { useT } from '../../lib/use-t';

type T = ReturnType<typeof useT>;

/** The duration cell (§3): total (/ first token) coloured by core's rule, and the speed chip. */
function DurationCell({ log, t }: { log: Log; t: T }) {
  const duration = logDuration(log);
  if (!duration) return null;
  return (
    <span className="gw-chips gw-log-stack">
      <LabelChip text={duration.text} tone={duration.tone} title={t('logs.cells.duration_hint')} />
      {duration.tokensPerSecond && (
        <LabelChip
          text={duration.tokensPerSecond.text}
          tone={duration.tokensPerSecond.tone}
          variant="outlined"
          title={t('logs.cells.tokens_per_second')}
        />
      )}
    </span>
  );
}

/** The input cell (§3): the count, and a dot whose tooltip lists the special tokens and billed totals. */
function InputCell({ log, t }: { log: Log; t: T }) {
  const special = logSpecialTokens(log);
  const count = log.prompt_tokens ? String(log.prompt_tokens) : '';
  if (!special) return <>{count}</>;
  const content = (
    <div className="gw-log-special">
      <strong>{t('logs.cells.special_title')}</strong>
      {special.lines.map((line) => (
        <div key={line.kind}>{specialTokenLineText(line, t)}</div>
      ))}
      <div>
        {t('logs.cells.adjusted', { prompt: special.adjustedPrompt, completion: special.adjustedCompletion })}
      </div>
    </div>
  );
  return (
    <Tooltip content={content} placement="top">
      <button type="button" className="gw-log-special-trigger" aria-label={t('logs.cells.special_badge')}>
        {count}
        <span className="gw-log-dot" aria-hidden="true" />
      </button>
    </Tooltip>
  );
}

/** The quota cell (§3): the charge; under a group ratio below 1 the undiscounted charge struck through. */
function QuotaCell({ log, quota, text }: { log: Log; quota: QuotaDisplay; text: string }) {
  const billing = logBilling(log);
  if (!billing || billing.savedPercent === 0) return <>{text}</>;
  return (
    <span className="gw-log-quota">
      <s>{renderQuota(billing.originalQuota, quota, 6)}</s> {text}
    </span>
  );
}

/** The group cell (§3): the group, and an arrow to the backup group when that one served the call. */
function GroupCell({ log, t }: { log: Log; t: T }) {
  const cell = logGroupCell(log);
  if (cell.backup === undefined) return <>{cell.group}</>;
  return (
    <span className="gw-log-group" title={t('logs.cells.backup_served', { backup: cell.backup })}>
      {cell.group}
      <Icon icon="arrow-right" size={12} aria-hidden />
      {cell.backup}
    </span>
  );
}

/** The detail cell (§3): a Free chip or the prices; other logs their text. */
function DetailCell({ log, t }: { log: Log; t: T }) {
  const chips = logPriceChips(log, t);
  if (chips.length === 0) return <>{logContentText(log, t)}</>;
  return (
    <span className="gw-chips gw-log-stack">
      {chips.map((chip) => (
        <LabelChip key={chip.text} text={chip.text} tone={chip.tone} />
      ))}
    </span>
  );
}

/** The model cell (§3): the model's chip (a click copies it) and a "Stream" badge for a streamed call. */
function ModelCell({ log, t }: { log: Log; t: T }) {
  return (
    <span className="gw-chips">
      <LabelChip
        text={log.model_name}
        copyName={log.model_name}
        title={t('web.kit.copy_value', { name: log.model_name })}
      />
      <LabelChip text={t('logs.cells.stream')} tone="info" variant="outlined" />
    </span>
  );
}

/**
 * The log table's own cells; undefined keeps the kit's drawing (core's column). `columnText` is core's
 * text of a column for the row.
 */
export function logCell(
  log: Log,
  columnId: string,
  t: T,
  quota: QuotaDisplay,
  columnText: (log: Log, columnId: string) => string,
): CellSlot | undefined {
  switch (columnId) {
    case 'request_time':
      return { content: <DurationCell log={log} t={t} /> };
    case 'prompt_tokens':
      return { content: <InputCell log={log} t={t} /> };
    case 'quota':
      return { content: <QuotaCell log={log} quota={quota} text={columnText(log, 'quota')} /> };
    case 'group':
      return { content: <GroupCell log={log} t={t} /> };
    case 'content':
      return { content: <DetailCell log={log} t={t} /> };
    case 'model_name':
      return log.is_stream && log.model_name ? { content: <ModelCell log={log} t={t} /> } : undefined;
    default:
      return undefined;
  }
}

/** The billing breakdown panel under an opened consume row (§3). */
export function BillingBreakdown({ billing, quota, t }: { billing: LogBilling; quota: QuotaDisplay; t: T }) {
  const times = billing.priceType === 'times';
  const price = (ratio: number) => logPriceText(ratio, billing.priceType, t);
  const pair = (input: number, output: number) =>
    times ? price(input) : t('logs.cells.input_output', { input: price(input), output: price(output) });
  const rows: [string, string][] = [
    [
      t(times ? 'logs.cells.original_per_call' : 'logs.cells.original_price'),
      pair(billing.originalInputRatio, billing.originalOutputRatio),
    ],
    [
      t('logs.fields.group'),
      t('logs.cells.group_ratio', { group: billing.groupName, ratio: billing.groupRatio }),
    ],
    [
      t(times ? 'logs.cells.actual_per_call' : 'logs.cells.actual_price'),
      pair(billing.inputRatio, billing.outputRatio),
    ],
    [t('logs.cells.formula'), logBillingFormula(billing, t)],
    ...billing.extraBilling.map((item): [string, string] => [
      t('logs.cells.extra_items'),
      `${item.service} (${item.type}) × ${item.calls}: $${item.price}`,
    ]),
    [t('logs.cells.original_charge'), renderQuota(billing.originalQuota, quota, 6)],
    [t('logs.cells.actual_charge'), renderQuota(billing.quota, quota, 6)],
  ];
  return (
    <section className="gw-log-billing" aria-label={t('logs.cells.breakdown')}>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label + value}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {billing.savedPercent > 0 && (
        <LabelChip text={t('logs.cells.saved', { percent: billing.savedPercent })} tone="success" />
      )}
      <p className="gw-log-point-note">{t('logs.cells.point_note')}</p>
    </section>
  );
}
