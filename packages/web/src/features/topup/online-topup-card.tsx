import { Button, Callout, Card, FormGroup, H4, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import {
  discountBadge,
  discountFactor,
  listUserPayments,
  type Payment,
  parseRechargeDiscount,
  renderQuota,
  sortGateways,
  topupOrderIssue,
  topupQuote,
  type Translate,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { PayDialog } from './pay-dialog';

/** The online top-up card: gateways, preset amounts, the amount, the price summary and "Top up". */
export function OnlineTopupCard() {
  const t = useT();
  const { client } = useApp();
  const gateways = useQuery({ queryKey: ['user-payments'], queryFn: () => listUserPayments(client) });
  useEffect(() => {
    if (gateways.error) showError(gateways.error, t);
  }, [gateways.error, t]);
  return (
    <Card className="gw-topup-online">
      <H4>{t('payments.topup.online_title')}</H4>
      {gateways.isPending ? (
        <Spinner size={24} />
      ) : (gateways.data ?? []).length === 0 ? (
        <Callout intent="primary" icon="disable">
          {t('payments.topup.no_gateway')}
        </Callout>
      ) : (
        <OnlineTopupForm gateways={sortGateways(gateways.data ?? [])} />
      )}
    </Card>
  );
}

function OnlineTopupForm({ gateways }: { gateways: Payment[] }) {
  const t = useT();
  const { site } = useApp();
  const display = useQuotaDisplay();
  const presets = useMemo(
    () => parseRechargeDiscount(site?.RechargeDiscount ?? ''),
    [site?.RechargeDiscount],
  );
  const [gatewayUuid, setGatewayUuid] = useState<string | undefined>(gateways[0]?.uuid);
  const [amountText, setAmountText] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'gateway' | 'amount', string>>>({});
  const [paying, setPaying] = useState<{ uuid: string; amount: number } | undefined>();
  const gateway = gateways.find((candidate) => candidate.uuid === gatewayUuid);
  const minAmount = site?.PaymentMinAmount ?? 1;
  const amount = Number(amountText);
  const quotable = gateway !== undefined && /^\d+$/.test(amountText.trim()) && amount > 0;
  const quote = quotable
    ? topupQuote({
        amount,
        factor: discountFactor(presets, amount),
        gateway,
        usdRate: site?.PaymentUSDRate ?? 7.3,
        quotaPerUnit: display.quotaPerUnit,
      })
    : undefined;

  const pay = () => {
    const issue = topupOrderIssue({ gatewayUuid, amountText, minAmount });
    if (issue) {
      setErrors({ [issue.field]: t(issue.key, issue.params) });
      return;
    }
    setErrors({});
    setPaying({ uuid: gatewayUuid ?? '', amount: Number(amountText.trim()) });
  };

  return (
    <>
      <FormGroup
        label={t('payments.topup.gateway')}
        intent={errors.gateway ? 'danger' : 'none'}
        helperText={errors.gateway}
      >
        <fieldset className="gw-topup-choices" aria-label={t('payments.topup.gateway')}>
          {gateways.map((candidate) => (
            <Button
              key={candidate.uuid}
              className="gw-topup-gateway"
              active={candidate.uuid === gatewayUuid}
              intent={candidate.uuid === gatewayUuid ? 'primary' : 'none'}
              aria-pressed={candidate.uuid === gatewayUuid}
              icon={
                candidate.icon ? (
                  // A gateway icon that fails to load leaves no broken-image mark beside the name.
                  <img
                    src={candidate.icon}
                    alt=""
                    onError={(event) => {
                      event.currentTarget.style.display = 'none';
                    }}
                  />
                ) : (
                  'credit-card'
                )
              }
              text={candidate.name}
              onClick={() => setGatewayUuid(candidate.uuid)}
            />
          ))}
        </fieldset>
      </FormGroup>
      {presets.length > 0 && (
        <FormGroup label={t('payments.topup.presets')}>
          <fieldset className="gw-topup-choices" aria-label={t('payments.topup.presets')}>
            {presets.map((preset) => {
              const badge = discountBadge(preset.factor);
              return (
                <Button
                  key={preset.amount}
                  active={amountText === String(preset.amount)}
                  aria-pressed={amountText === String(preset.amount)}
                  onClick={() => setAmountText(String(preset.amount))}
                  endIcon={
                    badge ? (
                      <Tag intent="danger" minimal round>
                        {t('payments.topup.discount_badge', badge)}
                      </Tag>
                    ) : undefined
                  }
                  text={`$${preset.amount}`}
                />
              );
            })}
          </fieldset>
        </FormGroup>
      )}
      <FormGroup
        label={t('payments.topup.amount')}
        labelFor="topup-amount"
        intent={errors.amount ? 'danger' : 'none'}
        helperText={errors.amount}
      >
        <InputGroup
          id="topup-amount"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={amountText}
          intent={errors.amount ? 'danger' : 'none'}
          onValueChange={(value) => {
            setAmountText(value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
          onKeyDown={(event) => event.key === 'Enter' && pay()}
        />
      </FormGroup>
      {quote && <QuoteSummary quote={quote} t={t} quotaText={renderQuota(quote.quota, display)} />}
      <Button intent="primary" icon="credit-card" text={t('payments.topup.pay')} onClick={pay} />
      {paying && <PayDialog order={paying} onClose={() => setPaying(undefined)} />}
    </>
  );
}

/** The summary lines of §14: amount, discounted price, fee, quota credited and the amount payable. */
function QuoteSummary({
  quote,
  t,
  quotaText,
}: {
  quote: ReturnType<typeof topupQuote>;
  t: Translate;
  quotaText: string;
}) {
  const feeLabel =
    quote.feeKind === 'fixed'
      ? ` ${t('payments.topup.fee_fixed')}`
      : quote.feeKind === 'percent'
        ? ` ${t('payments.topup.fee_percent', { percent: quote.feePercent })}`
        : '';
  const currency = quote.rate
    ? t('payments.topup.payable_rate', { currency: quote.currency, rate: quote.rate })
    : quote.currency;
  const line = (id: string, label: string, value: string, className?: string) => (
    <div key={id} className="gw-topup-summary-line" data-line={id}>
      <dt className={className}>{label}</dt>
      <dd className={className}>{value}</dd>
    </div>
  );
  return (
    <dl className="gw-topup-summary" aria-label={t('payments.topup.online_title')}>
      {line('amount', t('payments.topup.summary_amount'), `$${quote.amount}`)}
      {quote.discounted !== undefined &&
        line('discounted', t('payments.topup.summary_discounted'), `$${quote.discounted}`)}
      {line('fee', `${t('payments.topup.summary_fee')}${feeLabel}`, `$${quote.fee}`)}
      {line('quota', t('payments.topup.summary_quota'), quotaText)}
      {line('payable', t('payments.topup.payable'), `${quote.payable} ${currency}`, 'gw-topup-payable')}
    </dl>
  );
}
