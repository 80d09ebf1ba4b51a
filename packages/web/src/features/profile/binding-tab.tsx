import { Alert, AnchorButton, Button, Callout, Card, Tag } from '@blueprintjs/core';
import {
  type BindingRow,
  bindingRows,
  getOAuthState,
  oauthAuthorizeUrl,
  type UnbindType,
  unbindAccount,
  type User,
} from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { EmailBindDialog, WechatBindDialog } from './bind-dialogs';

/** The Account binding tab (§23): one row per binding the server enables, and the Telegram steps. */
export function BindingTab({ user }: { user: User }) {
  const t = useT();
  const { client, site } = useApp();
  const queries = useQueryClient();
  const [dialog, setDialog] = useState<'email' | 'wechat' | undefined>();
  const [unbinding, setUnbinding] = useState<BindingRow | undefined>();
  const rows = bindingRows(user, {
    wechat_login: site?.wechat_login ?? false,
    github_oauth: site?.github_oauth ?? false,
    lark_client_id: site?.lark_client_id ?? '',
    oidc_auth: site?.oidc_auth ?? false,
  });

  const bind = async (row: BindingRow) => {
    if (row.id === 'email' || row.id === 'wechat') {
      setDialog(row.id);
      return;
    }
    if (row.id !== 'github' && row.id !== 'lark') return;
    // GitHub and Lark: the provider's page opens in a new tab and comes back to /oauth/<provider>.
    try {
      const state = await getOAuthState(client);
      const clientId = row.id === 'github' ? (site?.github_client_id ?? '') : (site?.lark_client_id ?? '');
      window.open(oauthAuthorizeUrl(row.id, { clientId, state, origin: window.location.origin }), '_blank');
    } catch (error) {
      showError(error, t);
    }
  };

  const unbind = async (row: BindingRow) => {
    setUnbinding(undefined);
    try {
      await unbindAccount(client, row.id as UnbindType);
      showToast('success', t('users.profile.unbound_done', { name: t(row.labelKey) }));
    } catch (error) {
      showError(error, t);
    } finally {
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
    }
  };

  return (
    <>
      <Card>
        <ul className="gw-profile-bindings">
          {rows.map((row) => (
            <li key={row.id} className="gw-profile-binding" data-binding={row.id}>
              <span className="gw-profile-binding-name">{t(row.labelKey)}</span>
              <span className="gw-profile-binding-state">
                {row.boundTo ? (
                  <Tag minimal intent="success">
                    {t('users.profile.bound', { id: row.boundTo })}
                  </Tag>
                ) : (
                  <Tag minimal>{t('users.profile.unbound')}</Tag>
                )}
              </span>
              {row.canBind && (
                <Button
                  text={t(row.boundTo ? 'users.profile.change' : 'users.profile.bind')}
                  aria-label={`${t(row.boundTo ? 'users.profile.change' : 'users.profile.bind')} ${t(row.labelKey)}`}
                  onClick={() => void bind(row)}
                />
              )}
              {row.canUnbind && (
                <Button
                  intent="danger"
                  variant="outlined"
                  text={t('users.profile.unbind')}
                  aria-label={`${t('users.profile.unbind')} ${t(row.labelKey)}`}
                  onClick={() => setUnbinding(row)}
                />
              )}
            </li>
          ))}
        </ul>
      </Card>
      {site?.telegram_bot && (
        <Callout intent="primary" title={t('users.profile.telegram_title')}>
          <p>
            {t('users.profile.telegram_step1', { bot: site.telegram_bot })}{' '}
            <AnchorButton
              small
              icon="send-message"
              href={`https://t.me/${encodeURIComponent(site.telegram_bot)}`}
              target="_blank"
              rel="noopener noreferrer"
              text={`@${site.telegram_bot}`}
            />
          </p>
          <p>{t('users.profile.telegram_step2')}</p>
        </Callout>
      )}
      {dialog === 'email' && <EmailBindDialog onClose={() => setDialog(undefined)} />}
      {dialog === 'wechat' && <WechatBindDialog onClose={() => setDialog(undefined)} />}
      <Alert
        isOpen={unbinding !== undefined}
        intent="danger"
        icon="warning-sign"
        confirmButtonText={t('users.profile.unbind')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => unbinding && void unbind(unbinding)}
        onCancel={() => setUnbinding(undefined)}
      >
        <strong>{t('users.profile.unbind_title')}</strong>
        <p>{t('users.profile.unbind_confirm', { name: unbinding ? t(unbinding.labelKey) : '' })}</p>
      </Alert>
    </>
  );
}
