import { Button, Card, H4, InputGroup } from '@blueprintjs/core';
import { getAffCode, invitationLink, renderQuota, type User } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../app/app-context';
import { useQuotaDisplay } from '../app/use-quota-display';
import { copyText } from '../lib/clipboard';
import { useServerStep } from './mutations';
import { useT } from '../lib/use-t';
// Shared by the dashboard and the top-up screen, so it brings its own row styles along.
import './invite-card.css';

/** The invitation card (console-screens §7 and §14): make the link with `GET /api/user/aff`, copy it. */
export function InviteCard({ self }: { self: User | undefined }) {
  const t = useT();
  const { client, site } = useApp();
  const display = useQuotaDisplay();
  const [link, setLink] = useState('');
  const { busy, run } = useServerStep();

  const generate = async () => {
    await run(async () => {
      const code = await getAffCode(client);
      const made = invitationLink(site?.server_address || window.location.origin, code);
      setLink(made);
      await copyText(made, t('payments.topup.invite_link'), t);
    });
  };

  return (
    <Card>
      <H4>{t('payments.topup.invite_title')}</H4>
      <p>{t('payments.topup.invite_help')}</p>
      {self && (
        <p className="bp6-text-muted">
          {t('payments.topup.invite_stats', {
            count: self.aff_count,
            quota: renderQuota(self.aff_quota, display),
            history: renderQuota(self.aff_history_quota, display),
          })}
        </p>
      )}
      <div className="gw-invite-row">
        <InputGroup
          readOnly
          aria-label={t('payments.topup.invite_link')}
          value={link}
          placeholder={t('payments.topup.invite_link')}
        />
        {link ? (
          <Button
            icon="duplicate"
            text={t('common.copy')}
            onClick={() => void copyText(link, t('payments.topup.invite_link'), t)}
          />
        ) : (
          <Button
            intent="primary"
            icon="link"
            loading={busy}
            text={t('payments.topup.invite_generate')}
            onClick={() => void generate()}
          />
        )}
      </div>
    </Card>
  );
}
