// The account-binding dialogs of the profile (§23): e-mail (with its "get code" countdown) and WeChat.
// Both are the kit's form dialog over core's fields and schemas: field errors beside the fields, Enter
// submits, a guard before closing with something typed.
import { Button } from '@blueprintjs/core';
import {
  bindEmail,
  bindWechat,
  EMAIL_BIND_FIELDS,
  type EmailBindValues,
  emailBindSchema,
  emailCodeRequestSchema,
  sendVerificationCode,
  VERIFICATION_RESEND_SECONDS,
  WECHAT_BIND_FIELDS,
  type WechatBindValues,
  wechatBindSchema,
} from '@gw/core';
import { useEffect, useState } from 'react';
import { useApp } from '../../app/app-context';
import { type FieldAddonApi, ValuesDialog } from '../../kit/form-dialog';
import { useServerStep } from '../../kit/mutations';
import { SELF_QUERY_KEY } from '../../kit/use-self';
import { messagesFromZod } from '../../lib/form-errors';
import { showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

// The dialogs refresh the signed-in user's profile (the `self` query) after binding.
const SELF = SELF_QUERY_KEY[0];
const EMAIL_LABELS = Object.fromEntries(EMAIL_BIND_FIELDS.map((field) => [field.name, field.labelKey]));

/** The e-mail dialog: the address, "Get code" (then 30 s before it may send again) and the mailed code. */
export function EmailBindDialog({ onClose }: { onClose: () => void }) {
  const { client } = useApp();
  return (
    <ValuesDialog<EmailBindValues>
      fields={EMAIL_BIND_FIELDS}
      schema={emailBindSchema}
      initialValues={{ email: '', code: '' }}
      mode="create"
      entity={SELF}
      titleKey="users.profile.email_title"
      doneKey="users.profile.email_bound"
      extras={{ addons: { email: (api) => <GetCodeButton api={api} /> } }}
      save={(values) => bindEmail(client, values)}
      onClose={onClose}
    />
  );
}

/** Asks the server to mail a code to the address typed, once it is a valid address. */
function GetCodeButton({ api }: { api: FieldAddonApi<EmailBindValues> }) {
  const t = useT();
  const { client } = useApp();
  const [wait, setWait] = useState(0);
  const sending = useServerStep();
  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);
  const getCode = async () => {
    const email = emailCodeRequestSchema.safeParse({ email: api.values.email });
    if (!email.success) {
      api.showErrors(messagesFromZod(email.error, t, EMAIL_LABELS));
      return;
    }
    await sending.run(async () => {
      await sendVerificationCode(client, email.data.email);
      showToast('success', t('users.profile.code_sent'));
      setWait(VERIFICATION_RESEND_SECONDS);
    });
  };
  return (
    <Button
      className="gw-profile-get-code"
      disabled={wait > 0}
      loading={sending.busy}
      text={wait > 0 ? t('users.profile.resend_in', { seconds: wait }) : t('users.profile.get_code')}
      onClick={() => void getCode()}
    />
  );
}

/** The WeChat dialog: the official account's QR code and the code it replies with. */
export function WechatBindDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client, site } = useApp();
  return (
    <ValuesDialog<WechatBindValues>
      fields={WECHAT_BIND_FIELDS}
      schema={wechatBindSchema}
      initialValues={{ code: '' }}
      mode="create"
      entity={SELF}
      titleKey="users.profile.wechat_title"
      doneKey="users.profile.wechat_bound"
      extras={{
        banner: () => (
          <>
            {site?.wechat_qrcode && <img src={site.wechat_qrcode} alt="" width={180} height={180} />}
            <p>{t('users.profile.wechat_help')}</p>
          </>
        ),
      }}
      save={(values) => bindWechat(client, values.code)}
      onClose={onClose}
    />
  );
}
