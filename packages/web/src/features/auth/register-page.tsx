import { Button, Callout } from '@blueprintjs/core';
import {
  emailCodeRequestSchema,
  emptyRegisterForm,
  REGISTER_FORM_FIELDS,
  type RegisterFormValues,
  register,
  registerBodyFromForm,
  registerFormSchema,
  sendVerificationCode,
  trimStrings,
  turnstilePending,
  VERIFICATION_RESEND_SECONDS,
  visibleFields,
} from '@gw/core';
import { type FormEvent, useCallback, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { FormField } from '../../kit/form-field';
import { affFromLink } from '../../lib/aff';
import { type FieldMessages, messagesFromServer, messagesFromZod } from '../../lib/form-errors';
import { errorText, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { AuthCard } from './auth-card';
import { AuthFrame } from './auth-frame';
import { PasswordStrengthMeter } from './password-strength';
import { TurnstileWidget } from './turnstile-widget';
import { useCountdown } from './use-countdown';
import './auth.css';

const LABELS = Object.fromEntries(REGISTER_FORM_FIELDS.map((field) => [field.name, field.labelKey]));

/** Sign-up (console-screens §13.2). */
export function RegisterPage() {
  return (
    <AuthFrame guestsOnly>
      <RegisterForm />
    </AuthFrame>
  );
}

/**
 * The sign-up form: core's fields (e-mail and its code only when the site verifies e-mail), the
 * strength meter, "Get code" with its 30 s wait, Turnstile when on, the invitation code from `?aff=`;
 * every rule checked before anything is sent, the server's refusals shown on their fields.
 */
function RegisterForm() {
  const t = useT();
  const { client, site } = useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [values, setValues] = useState<RegisterFormValues>(() => emptyRegisterForm(affFromLink(search)));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [serverError, setServerError] = useState('');
  const [turnstile, setTurnstile] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();
  const emailVerification = site?.email_verification === true;
  const fields = visibleFields(
    REGISTER_FORM_FIELDS,
    { ...values, email_verification: emailVerification },
    'create',
  );
  const onToken = useCallback((token: string) => setTurnstile(token), []);

  const change = (name: keyof RegisterFormValues) => (value: unknown) => {
    setValues((current) => ({ ...current, [name]: String(value ?? '') }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  /** Refuses while Turnstile is still checking (spec §5); true when the action may go on. */
  const captchaReady = () => {
    if (!turnstilePending(site, turnstile)) return true;
    showToast('info', t('account.turnstile_checking'));
    return false;
  };

  const getCode = async () => {
    const checked = emailCodeRequestSchema.safeParse({ email: values.email.trim() });
    if (!checked.success) {
      setErrors((current) => ({ ...current, ...messagesFromZod(checked.error, t, LABELS) }));
      return;
    }
    if (!captchaReady()) return;
    setSending(true);
    try {
      await sendVerificationCode(client, checked.data.email, turnstile);
      showToast('success', t('account.code_sent'));
      countdown.start(VERIFICATION_RESEND_SECONDS);
    } catch (error) {
      setErrors((current) => ({
        ...current,
        ...(messagesFromServer(error) ?? { email: errorText(error, t) }),
      }));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = registerFormSchema({ emailVerification }).safeParse(trimStrings(values));
    if (!checked.success) {
      setErrors(messagesFromZod(checked.error, t, LABELS));
      return;
    }
    setErrors({});
    setServerError('');
    if (!captchaReady()) return;
    setBusy(true);
    try {
      await register(client, registerBodyFromForm(checked.data), turnstile);
      showToast('success', t('account.registered'));
      navigate('/login', { replace: true });
    } catch (error) {
      const own = messagesFromServer(error);
      if (own) setErrors(own);
      else setServerError(errorText(error, t));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('account.register')}
      footer={
        <>
          {t('account.have_account')} <Link to="/login">{t('auth.login')}</Link>
        </>
      }
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        {fields.map((field) => (
          <div key={field.name} className={field.name === 'email' ? 'gw-code-row' : undefined}>
            <FormField
              field={field}
              id={`register-${field.name}`}
              value={values[field.name as keyof RegisterFormValues]}
              error={errors[field.name]}
              readOnly={busy}
              onChange={change(field.name as keyof RegisterFormValues)}
            />
            {field.name === 'password' && <PasswordStrengthMeter password={values.password} />}
            {field.name === 'email' && (
              <Button
                className="gw-code-button"
                loading={sending}
                disabled={countdown.left > 0}
                text={
                  countdown.left > 0
                    ? t('account.resend_in', { seconds: countdown.left })
                    : t('account.get_code')
                }
                onClick={() => void getCode()}
              />
            )}
          </div>
        ))}
        <TurnstileWidget onToken={onToken} />
        {serverError && (
          <Callout intent="danger" role="alert" className="gw-form-error">
            {serverError}
          </Callout>
        )}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.register')} />
      </form>
    </AuthCard>
  );
}
