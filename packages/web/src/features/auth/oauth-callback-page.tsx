import { Button, ButtonGroup, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  isOAuthCallbackProvider,
  OAUTH_CALLBACK_ATTEMPTS,
  OAUTH_RETRY_DELAY_MS,
  type OAuthCallbackProvider,
  oauthCallbackRetries,
  signInWithOAuth,
} from '@gw/core';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { affFromLink } from '../../lib/aff';
import { errorText, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { AuthCard } from './auth-card';
import { AuthFrame } from './auth-frame';
import './auth.css';

/** `/oauth/github|lark|oidc?code&state` (console-screens §13.5). */
export function OAuthCallbackPage() {
  const { provider } = useParams();
  if (!isOAuthCallbackProvider(provider)) return <Navigate to="/404" replace />;
  return (
    <AuthFrame>
      <OAuthCallback provider={provider} />
    </AuthFrame>
  );
}

type Phase = { kind: 'working' } | { kind: 'retrying' } | { kind: 'failed'; message: string };

/**
 * Finishes the round trip: "signing in…", then the console — with "bound" when a signed-in account was
 * linked, "signed in" otherwise. A failure that may pass by itself is retried (attempt n of 3, 2 s
 * apart); a refusal, or the last failed attempt, shows why with the count, Retry and Back to sign-in.
 */
function OAuthCallback({ provider }: { provider: OAuthCallbackProvider }) {
  const t = useT();
  const { client, session } = useApp();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const code = query.get('code') ?? '';
  const state = query.get('state') ?? '';
  const name = t(`account.providers.${provider}`);
  const [attempt, setAttempt] = useState(1);
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt asks once; the query and provider stay as they are while the page is open
  useEffect(() => {
    if (!code) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    signInWithOAuth(client, provider, { code, state, aff: affFromLink('') })
      .then((outcome) => {
        if (!live) return;
        if (outcome.kind === 'bound') showToast('success', t('account.oauth.bound', { provider: name }));
        else {
          session.setUser(outcome.user);
          showToast('success', t('auth.login_success'));
        }
        navigate('/panel', { replace: true });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (oauthCallbackRetries(error, attempt)) {
          setPhase({ kind: 'retrying' });
          timer = setTimeout(() => setAttempt(attempt + 1), OAUTH_RETRY_DELAY_MS);
        } else setPhase({ kind: 'failed', message: errorText(error, t) });
      });
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [attempt]);

  const back = <Link to="/login">{t('account.back_to_login')}</Link>;
  if (!code) {
    return (
      <AuthCard title={t('account.oauth.failed', { provider: name })} footer={back}>
        <NonIdealState icon="error" description={t('account.oauth.bad_link', { provider: name })} />
      </AuthCard>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <AuthCard title={t('account.oauth.failed', { provider: name })}>
        <Callout intent="danger" role="alert" className="gw-form-error">
          {phase.message}
        </Callout>
        <p>{t('account.oauth.failed_attempts', { attempt })}</p>
        <ButtonGroup fill>
          <Button
            intent="primary"
            icon="refresh"
            text={t('account.oauth.retry')}
            onClick={() => {
              setPhase({ kind: 'working' });
              setAttempt(attempt + 1);
            }}
          />
          <Button icon="log-in" text={t('account.back_to_login')} onClick={() => navigate('/login')} />
        </ButtonGroup>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.oauth.processing', { provider: name })}>
      <div className="gw-oauth-progress" role="status">
        <Spinner size={32} />
        {phase.kind === 'retrying' && (
          <p>{t('account.oauth.retrying', { attempt: attempt + 1, max: OAUTH_CALLBACK_ATTEMPTS })}</p>
        )}
      </div>
    </AuthCard>
  );
}
