import { Alert, Button, ButtonGroup, Switch } from '@blueprintjs/core';
import {
  deleteToken,
  nowSeconds,
  setTokenStatus,
  TOKEN_STATUS,
  type Token,
  tokenEnableRefusal,
  tokenKeyForDisplay,
} from '@gw/core';
import { useState } from 'react';
import { useT } from '../../lib/use-t';
import { useApp } from '../../app/app-context';
import { copyText } from '../../lib/clipboard';
import { showError, showToast } from '../../lib/toasts';

/** A row's actions: enable switch, copy key, edit, delete (with confirmation). */
export function TokenRowActions({
  token,
  onEdit,
  onChanged,
}: {
  token: Token;
  onEdit: (token: Token) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const { client } = useApp();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const enabled = token.status === TOKEN_STATUS.enabled;

  const toggle = async () => {
    const refusal = enabled ? undefined : tokenEnableRefusal(token, nowSeconds());
    if (refusal) {
      showToast('error', t(refusal));
      return;
    }
    setBusy(true);
    try {
      await setTokenStatus(client, token.id, enabled ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled);
      showToast('success', t(enabled ? 'tokens.disabled_toast' : 'tokens.enabled_toast'));
      onChanged();
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await deleteToken(client, token.id);
      showToast('success', t('tokens.deleted'));
      onChanged();
    } catch (error) {
      showError(error, t);
    }
  };

  return (
    <div className="gw-row-actions">
      <Switch
        className="gw-inline-switch"
        role="switch"
        checked={enabled}
        disabled={busy}
        aria-label={t('web.token_enabled', { name: token.name })}
        onChange={() => void toggle()}
      />
      <ButtonGroup>
        <Button
          size="small"
          icon="duplicate"
          text={t('common.copy')}
          aria-label={t('web.copy_token', { name: token.name })}
          onClick={() => void copyText(tokenKeyForDisplay(token.key), t('tokens.key_label'), t)}
        />
        <Button
          size="small"
          icon="edit"
          aria-label={t('web.edit_token', { name: token.name })}
          onClick={() => onEdit(token)}
        />
        <Button
          size="small"
          icon="trash"
          intent="danger"
          aria-label={t('web.delete_token', { name: token.name })}
          onClick={() => setConfirming(true)}
        />
      </ButtonGroup>
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText={t('common.delete')}
        cancelButtonText={t('common.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        {t('tokens.delete_confirm', { name: token.name })}
      </Alert>
    </div>
  );
}
