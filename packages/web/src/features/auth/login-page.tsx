import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { describeError, login, loginSchema, signInProviders } from '@gw/core';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useApp, useUser } from '../../app/app-context';
import { type FieldMessages, messagesFromZod } from '../../lib/form-errors';
import { preloadMenuIcons } from '../../lib/icons';
import { useT } from '../../lib/use-t';
import { AuthCard } from './auth-card';
import './auth.css';

// Only sites that turn a third party on draw these buttons: their code stays off the usual first screen.
const ThirdPartySignIn = lazy(() =>
  import('./third-party-sign-in').then((module) => ({ default: module.ThirdPartySignIn })),
);

const LABELS = { username: 'auth.username', password: 'auth.password' };

/**
 * Sign-in (console-screens §13.1): the third-party buttons the site enables, then the password form
 * (both fields required, ≤255) with "Forgot password?", server errors on one line, and "Sign up".
 */
export function LoginPage() {
  // The console's sidebar comes right after a sign-in: its icons load while the user types.
  useEffect(preloadMenuIcons, []);
  const t = useT();
  const { i18n } = useTranslation();
  const { client, session, site } = useApp();
  const user = useUser();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const providers = signInProviders(site);

  if (user && !busy && !passkeyBusy) return <Navigate to="/panel" replace />;

  // §13: the typed username, or none for a discoverable passkey; signs in like the password form.
  const passkey = async () => {
    setErrors({});
    setServerError('');
    setPasskeyBusy(true);
    // The ceremony's code and its error strings come on first use, off the first screen's budget.
    let flow: typeof import('../../lib/passkeys') | undefined;
    try {
      flow = await import('../../lib/passkeys');
      session.setUser(await flow.signInWithPasskey(client, username.trim()));
      navigate('/panel', { replace: true });
    } catch (error) {
      if (flow) {
        await flow.loadPasskeyStrings(i18n).catch(() => undefined);
        setServerError(flow.passkeyErrorText(error, t));
      } else {
        const notice = describeError(error);
        setServerError(t(notice.key, notice.params));
      }
      setPasskeyBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ username: username.trim(), password });
    if (!parsed.success) {
      setErrors(messagesFromZod(parsed.error, t, LABELS));
      return;
    }
    setErrors({});
    setServerError('');
    setBusy(true);
    try {
      session.setUser(await login(client, parsed.data));
      navigate('/panel', { replace: true });
    } catch (error) {
      const notice = describeError(error);
      setServerError(t(notice.key, notice.params));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('auth.login')}
      footer={
        <>
          {t('auth.no_account')} <Link to="/register">{t('auth.sign_up')}</Link>
        </>
      }
    >
      {providers.length > 0 && (
        <Suspense fallback={null}>
          <ThirdPartySignIn providers={providers} />
        </Suspense>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormGroup
          label={t('auth.username')}
          labelFor="login-username"
          intent={errors.username ? 'danger' : 'none'}
          helperText={errors.username}
        >
          <InputGroup
            id="login-username"
            autoComplete="username"
            value={username}
            intent={errors.username ? 'danger' : 'none'}
            onValueChange={setUsername}
          />
        </FormGroup>
        <FormGroup
          label={t('auth.password')}
          labelFor="login-password"
          intent={errors.password ? 'danger' : 'none'}
          helperText={errors.password}
        >
          <InputGroup
            id="login-password"
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            intent={errors.password ? 'danger' : 'none'}
            onValueChange={setPassword}
            rightElement={
              // Named apart from the field (not "Show password"), so the field's label names one control.
              <Button
                variant="minimal"
                icon={shown ? 'eye-off' : 'eye-open'}
                aria-label={t('web.reveal_typed')}
                aria-pressed={shown}
                onClick={() => setShown(!shown)}
              />
            }
          />
        </FormGroup>
        <p className="gw-auth-aside">
          <Link to="/reset">{t('auth.forgot_password')}</Link>
        </p>
        {serverError && (
          <Callout intent="danger" role="alert" className="gw-form-error">
            {serverError}
          </Callout>
        )}
        <Button
          type="submit"
          intent="primary"
          fill
          loading={busy}
          disabled={passkeyBusy}
          text={t('auth.login')}
        />
        <Button
          className="gw-passkey-button"
          icon="key"
          fill
          loading={passkeyBusy}
          disabled={busy}
          text={t('auth.passkey.sign_in')}
          onClick={() => void passkey()}
        />
      </form>
    </AuthCard>
  );
}
