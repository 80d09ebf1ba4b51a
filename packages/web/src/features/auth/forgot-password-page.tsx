import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import {
  emailQuerySchema,
  sendPasswordResetEmail,
  turnstilePending,
  VERIFICATION_RESEND_SECONDS,
} from '@gw/core';
import { type FormEvent, useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { messagesFromZod } from '../../lib/form-errors';
import { errorText, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { AuthCard } from './auth-card';
import { AuthFrame } from './auth-frame';
import { TurnstileWidget } from './turnstile-widget';
import { useCountdown } from './use-countdown';
import './auth.css';

/** Forgot password (console-screens §13.3). */
export function ForgotPasswordPage() {
  return (
    <AuthFrame guestsOnly>
      <ForgotPasswordForm />
    </AuthFrame>
  );
}

/**
 * The e-mail address (valid, required) and Turnstile when on → `GET /api/reset_password`; once sent,
 * the form gives way to "reset mail sent" and the button waits 30 s before it may send again; a
 * failure leaves the form as it was, with the reason.
 */
function ForgotPasswordForm() {
  const t = useT();
  const { client, site } = useApp();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState('');
  const [turnstile, setTurnstile] = useState('');
  const [busy, setBusy] = useState(false);
  const countdown = useCountdown();
  const onToken = useCallback((token: string) => setTurnstile(token), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailQuerySchema.safeParse({ email: email.trim(), turnstile });
    if (!checked.success) {
      setError(messagesFromZod(checked.error, t, { email: 'account.email' }).email);
      return;
    }
    setError(undefined);
    if (turnstilePending(site, turnstile)) {
      showToast('info', t('account.turnstile_checking'));
      return;
    }
    setBusy(true);
    try {
      await sendPasswordResetEmail(client, checked.data.email, turnstile);
      showToast('success', t('account.reset_sent', { email: checked.data.email }));
      setSentTo(checked.data.email);
      countdown.start(VERIFICATION_RESEND_SECONDS);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  const waiting = countdown.left > 0;
  return (
    <AuthCard
      title={t('account.forgot_title')}
      footer={<Link to="/login">{t('account.back_to_login')}</Link>}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {sentTo ? (
          <Callout intent="success" role="status" className="gw-form-error">
            {t('account.reset_sent', { email: sentTo })}
          </Callout>
        ) : (
          <>
            <p className="bp6-text-muted">{t('account.forgot_hint')}</p>
            <FormGroup
              label={t('account.email')}
              labelFor="reset-email"
              intent={error ? 'danger' : 'none'}
              helperText={error}
            >
              <InputGroup
                id="reset-email"
                type="email"
                autoComplete="email"
                value={email}
                intent={error ? 'danger' : 'none'}
                onValueChange={(value) => {
                  setEmail(value);
                  setError(undefined);
                }}
              />
            </FormGroup>
            <TurnstileWidget onToken={onToken} />
          </>
        )}
        <Button
          type="submit"
          intent="primary"
          fill
          loading={busy}
          disabled={waiting}
          text={waiting ? t('account.resend_in', { seconds: countdown.left }) : t('account.send_reset')}
        />
      </form>
    </AuthCard>
  );
}
