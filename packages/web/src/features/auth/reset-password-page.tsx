import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { confirmPasswordReset, resetLinkParams } from '@gw/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { copyText } from '../../lib/clipboard';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { AuthCard } from './auth-card';
import { AuthFrame } from './auth-frame';
import './auth.css';

/** The reset link's page (console-screens §13.4). */
export function ResetPasswordPage() {
  return (
    <AuthFrame>
      <ResetPasswordConfirm />
    </AuthFrame>
  );
}

/**
 * `/user/reset?email&token`: a link without both is "invalid"; otherwise "Click to reset" →
 * `POST /api/user/reset`, and the new password is shown (and copied) with "change it after sign-in".
 */
function ResetPasswordConfirm() {
  const t = useT();
  const { client } = useApp();
  const { search } = useLocation();
  const link = resetLinkParams(new URLSearchParams(search));
  const [password, setPassword] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const footer = <Link to="/login">{t('account.back_to_login')}</Link>;

  if (!link) {
    return (
      <AuthCard title={t('account.reset_title')} footer={footer}>
        <NonIdealState
          icon="error"
          title={t('account.invalid_link')}
          description={t('account.invalid_link_hint')}
        />
      </AuthCard>
    );
  }

  const reset = async () => {
    setBusy(true);
    try {
      const next = await confirmPasswordReset(client, link.email, link.token);
      setPassword(next);
      setCopied(await copyText(next, t('account.new_password'), t));
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('account.reset_title')} footer={footer}>
      {password ? (
        <Callout intent="success" title={t('account.new_password')} role="status">
          <p>
            <code className="gw-new-password">{password}</code>
          </p>
          {copied && <p>{t('account.password_copied')}</p>}
          <p>{t('account.change_after_login')}</p>
        </Callout>
      ) : (
        <>
          <p>{t('account.reset_confirm_hint', { email: link.email })}</p>
          <Button
            intent="primary"
            fill
            loading={busy}
            text={t('account.reset_button')}
            onClick={() => void reset()}
          />
        </>
      )}
    </AuthCard>
  );
}
