import { Button, Callout, Card, FormGroup, InputGroup } from '@blueprintjs/core';
import { describeError, login, loginSchema } from '@gw/core';
import { type FormEvent, useEffect, useState } from 'react';
import { preloadMenuIcons } from '../../lib/icons';
import { useT } from '../../lib/use-t';
import { Navigate, useNavigate } from 'react-router-dom';
import { useApp, useUser } from '../../app/app-context';
import { type FieldMessages, messagesFromZod } from '../../lib/form-errors';

const LABELS = { username: 'auth.username', password: 'auth.password' };

/** Password sign-in (console-screens §13.1): both fields required, ≤255; server errors on one line. */
export function LoginPage() {
  // The console's sidebar comes right after a sign-in: its icons load while the user types.
  useEffect(preloadMenuIcons, []);
  const t = useT();
  const { client, session } = useApp();
  const user = useUser();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [serverError, setServerError] = useState('');
  const [busy, setBusy] = useState(false);

  if (user && !busy) return <Navigate to="/panel" replace />;

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
      const signedIn = await login(client, parsed.data);
      session.setUser(signedIn);
      navigate('/panel', { replace: true });
    } catch (error) {
      const notice = describeError(error);
      setServerError(t(notice.key, notice.params));
      setBusy(false);
    }
  };

  return (
    <Card className="gw-login-card" elevation={2}>
      <h2>{t('auth.login')}</h2>
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
            type="password"
            autoComplete="current-password"
            value={password}
            intent={errors.password ? 'danger' : 'none'}
            onValueChange={setPassword}
          />
        </FormGroup>
        {serverError && (
          <Callout intent="danger" role="alert" className="gw-form-error">
            {serverError}
          </Callout>
        )}
        <Button type="submit" intent="primary" fill loading={busy} text={t('auth.login')} />
      </form>
    </Card>
  );
}
