import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { bindWechat } from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/** The WeChat binding dialog (§23): the account's QR code and the code it replies with. */
export function WechatBindDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client, site } = useApp();
  const queries = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('validation.required', { field: t('users.profile.email_code') }));
      return;
    }
    setBusy(true);
    try {
      await bindWechat(client, code);
      showToast('success', t('users.profile.wechat_bound'));
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
      onClose();
    } catch (failure) {
      showError(failure, t);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('users.profile.wechat_title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {site?.wechat_qrcode && <img src={site.wechat_qrcode} alt="" width={180} height={180} />}
          <p>{t('users.profile.wechat_help')}</p>
          <FormGroup
            label={t('users.profile.email_code')}
            labelFor="bind-wechat-code"
            intent={error ? 'danger' : 'none'}
            helperText={error || undefined}
          >
            <InputGroup
              id="bind-wechat-code"
              value={code}
              onValueChange={(value) => {
                setCode(value);
                setError('');
              }}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={onClose} />
              <Button type="submit" intent="primary" loading={busy} text={t('common.submit')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
