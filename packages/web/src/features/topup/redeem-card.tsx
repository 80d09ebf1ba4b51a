import { AnchorButton, Button, Card, H4, InputGroup } from '@blueprintjs/core';
import { redeemCode, renderQuota } from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { showToast } from '../../lib/toasts';
import { useServerStep } from '../../kit/mutations';
import { useT } from '../../lib/use-t';

/** The redeem card (§14): a code → `POST /api/user/topup`, then the balance reloads. */
export function RedeemCard() {
  const t = useT();
  const { client, site } = useApp();
  const display = useQuotaDisplay();
  const queries = useQueryClient();
  const [code, setCode] = useState('');
  const { busy, run } = useServerStep();

  const redeem = async (event: FormEvent) => {
    event.preventDefault();
    const key = code.trim();
    if (!key) {
      showToast('info', t('payments.topup.redeem_empty'));
      return;
    }
    await run(async () => {
      const added = await redeemCode(client, key);
      showToast('success', t('payments.topup.redeemed', { amount: renderQuota(added, display) }));
      setCode('');
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
    });
  };

  return (
    <Card>
      <H4>{t('payments.topup.redeem_title')}</H4>
      <form className="gw-topup-row" onSubmit={(event) => void redeem(event)} noValidate>
        <InputGroup
          aria-label={t('payments.topup.redeem_code')}
          placeholder={t('payments.topup.redeem_code')}
          value={code}
          onValueChange={setCode}
        />
        <Button type="submit" intent="primary" loading={busy} text={t('payments.topup.redeem')} />
      </form>
      {site?.top_up_link && (
        <AnchorButton
          className="gw-topup-get-code"
          variant="minimal"
          icon="share"
          href={site.top_up_link}
          target="_blank"
          rel="noopener noreferrer"
          text={t('payments.topup.get_code')}
        />
      )}
    </Card>
  );
}
