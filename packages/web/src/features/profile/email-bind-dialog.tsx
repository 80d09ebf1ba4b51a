import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import {
  bindEmail,
  type EmailBindValues,
  emailBindSchema,
  emailCodeRequestSchema,
  sendVerificationCode,
  VERIFICATION_RESEND_SECONDS,
} from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useApp } from '../../app/app-context';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { type FieldMessages, messagesFromZod } from '../../lib/form-errors';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

const LABELS = { email: 'users.fields.email', code: 'users.profile.email_code' };

/**
 * The e-mail binding dialog (§23): the address, "Get code" (then a 30 s countdown before it may send
 * again) and the mailed code → `GET /api/oauth/email/bind`.
 */
export function EmailBindDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const [values, setValues] = useState<EmailBindValues>({ email: '', code: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const change = (name: keyof EmailBindValues) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const getCode = async () => {
    const email = emailCodeRequestSchema.safeParse({ email: values.email });
    if (!email.success) {
      setErrors(messagesFromZod(email.error, t, LABELS));
      return;
    }
    setSending(true);
    try {
      await sendVerificationCode(client, email.data.email);
      showToast('success', t('users.profile.code_sent'));
      setWait(VERIFICATION_RESEND_SECONDS);
    } catch (error) {
      showError(error, t);
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailBindSchema.safeParse(values);
    if (!checked.success) {
      setErrors(messagesFromZod(checked.error, t, LABELS));
      return;
    }
    setBusy(true);
    try {
      await bindEmail(client, checked.data);
      showToast('success', t('users.profile.email_bound'));
      await queries.invalidateQueries({ queryKey: SELF_QUERY_KEY });
      onClose();
    } catch (error) {
      showError(error, t);
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('users.profile.email_title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          <div className="gw-profile-code-row">
            <FormGroup
              label={t(LABELS.email)}
              labelFor="bind-email"
              intent={errors.email ? 'danger' : 'none'}
              helperText={errors.email}
            >
              <InputGroup
                id="bind-email"
                type="email"
                value={values.email}
                intent={errors.email ? 'danger' : 'none'}
                onValueChange={change('email')}
              />
            </FormGroup>
            <Button
              className="gw-profile-get-code"
              disabled={wait > 0}
              loading={sending}
              text={wait > 0 ? t('users.profile.resend_in', { seconds: wait }) : t('users.profile.get_code')}
              onClick={() => void getCode()}
            />
          </div>
          <FormGroup
            label={t(LABELS.code)}
            labelFor="bind-code"
            intent={errors.code ? 'danger' : 'none'}
            helperText={errors.code}
          >
            <InputGroup
              id="bind-code"
              value={values.code}
              intent={errors.code ? 'danger' : 'none'}
              onValueChange={change('code')}
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
