import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import { signInWithWechat, wechatLoginQuerySchema } from '@gw/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApp } from '../../app/app-context';
import { affFromLink } from '../../lib/aff';
import { messagesFromZod } from '../../lib/form-errors';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/**
 * WeChat sign-in (§13.1): the official account's QR code, how to get a code (valid 3 minutes), the code
 * (required) → `GET /api/oauth/wechat?code&aff`, then the console.
 */
export function WechatLoginDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client, session, site } = useApp();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = wechatLoginQuerySchema.safeParse({ code, aff: affFromLink('') });
    if (!checked.success) {
      setError(messagesFromZod(checked.error, t, { code: 'account.verification_code' }).code);
      return;
    }
    setBusy(true);
    try {
      const outcome = await signInWithWechat(client, checked.data.code, checked.data.aff);
      if (outcome.kind === 'signed_in') session.setUser(outcome.user);
      showToast('success', t('auth.login_success'));
      navigate('/panel', { replace: true });
    } catch (failure) {
      showError(failure, t);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('account.wechat_title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {site?.wechat_qrcode && (
            <img className="gw-wechat-qrcode" src={site.wechat_qrcode} alt={t('account.wechat_qrcode')} />
          )}
          <p>{t('account.wechat_hint')}</p>
          <FormGroup
            label={t('account.verification_code')}
            labelFor="wechat-code"
            intent={error ? 'danger' : 'none'}
            helperText={error}
          >
            <InputGroup
              id="wechat-code"
              value={code}
              intent={error ? 'danger' : 'none'}
              onValueChange={setCode}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={<Button type="submit" intent="primary" loading={busy} text={t('auth.login')} />}
        />
      </form>
    </Dialog>
  );
}
