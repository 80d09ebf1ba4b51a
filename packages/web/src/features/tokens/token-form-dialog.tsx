import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { createToken, nowSeconds, renderQuota, type Token, updateToken } from '@gw/core';
import { type FormEvent, useState } from 'react';
import { useT } from '../../lib/use-t';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { messagesFromServer } from '../../lib/form-errors';
import { showError, showToast } from '../../lib/toasts';
import { DateTimeInput } from '../../kit/date-time-input';
import {
  emptyTokenForm,
  formMessages,
  type TokenFormState,
  tokenToForm,
  validateTokenForm,
} from './token-form';

type Errors = Partial<Record<keyof TokenFormState, string>>;

/** Creates or edits a token (console-screens §2.1); checks with core's schemas before sending. */
export function TokenFormDialog({
  token,
  onClose,
  onSaved,
}: {
  token?: Token;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const { client } = useApp();
  const quotaDisplay = useQuotaDisplay();
  const [form, setForm] = useState<TokenFormState>(() =>
    token ? tokenToForm(token, nowSeconds()) : emptyTokenForm(nowSeconds()),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof TokenFormState>(key: K, value: TokenFormState[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    // A field changed after its error no longer carries that error.
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _dropped, ...rest } = current;
      return rest as Errors;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateTokenForm(form, t, nowSeconds(), token?.id);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (token) await updateToken(client, { ...checked.body, id: token.id });
      else await createToken(client, checked.body);
      showToast('success', t(token ? 'tokens.updated' : 'tokens.created'));
      onSaved();
    } catch (error) {
      const fields = messagesFromServer(error);
      if (fields) setErrors(formMessages(fields));
      else showError(error, t);
      setBusy(false);
    }
  };

  const field = (key: keyof TokenFormState, label: string, input: React.ReactNode, helper?: string) => (
    <FormGroup
      label={label}
      labelFor={`token-${key}`}
      intent={errors[key] ? 'danger' : 'none'}
      helperText={errors[key] ?? helper}
    >
      {input}
    </FormGroup>
  );
  const quotaNumber = Number(form.quota);
  const equivalent =
    quotaDisplay.displayInCurrency && Number.isFinite(quotaNumber)
      ? t('tokens.equivalent', { amount: renderQuota(quotaNumber, quotaDisplay) })
      : undefined;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(token ? 'tokens.edit' : 'tokens.create')}
      className="gw-token-dialog"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {field(
            'name',
            t('tokens.fields.name'),
            <InputGroup
              id="token-name"
              value={form.name}
              intent={errors.name ? 'danger' : 'none'}
              onValueChange={(value) => set('name', value)}
            />,
          )}
          <Switch
            role="switch"
            label={t('tokens.fields.never_expires')}
            checked={form.neverExpires}
            onChange={(event) => set('neverExpires', event.currentTarget.checked)}
          />
          {!form.neverExpires &&
            field(
              'expiresAt',
              t('tokens.fields.expired_time'),
              <DateTimeInput
                id="token-expiresAt"
                label={t('tokens.fields.expired_time')}
                value={form.expiresAt}
                onChange={(value) => set('expiresAt', value)}
              />,
            )}
          <Switch
            role="switch"
            label={t('tokens.fields.unlimited_quota')}
            checked={form.unlimitedQuota}
            onChange={(event) => set('unlimitedQuota', event.currentTarget.checked)}
          />
          {field(
            'quota',
            t('tokens.fields.quota'),
            <InputGroup
              id="token-quota"
              type="number"
              min={0}
              disabled={form.unlimitedQuota}
              value={form.quota}
              rightElement={equivalent ? <span className="gw-input-suffix">{equivalent}</span> : undefined}
              onValueChange={(value) => set('quota', value)}
            />,
            t('tokens.quota_note'),
          )}
          <Switch
            role="switch"
            label={t('tokens.fields.heartbeat_enabled')}
            checked={form.heartbeatEnabled}
            onChange={(event) => set('heartbeatEnabled', event.currentTarget.checked)}
          />
          {form.heartbeatEnabled &&
            field(
              'heartbeatTimeout',
              t('tokens.fields.heartbeat_timeout'),
              <InputGroup
                id="token-heartbeatTimeout"
                type="number"
                min={30}
                max={90}
                value={form.heartbeatTimeout}
                onValueChange={(value) => set('heartbeatTimeout', value)}
              />,
            )}
          <Switch
            role="switch"
            label={t('tokens.fields.limit_models')}
            checked={form.limitModels}
            onChange={(event) => set('limitModels', event.currentTarget.checked)}
          />
          {form.limitModels &&
            field(
              'models',
              t('tokens.fields.models'),
              <TextArea
                id="token-models"
                fill
                rows={3}
                value={form.models}
                onChange={(event) => set('models', event.currentTarget.value)}
              />,
              t('web.models_hint'),
            )}
          <Switch
            role="switch"
            label={t('tokens.fields.limit_ips')}
            checked={form.limitIps}
            onChange={(event) => set('limitIps', event.currentTarget.checked)}
          />
          {form.limitIps &&
            field(
              'ipWhitelist',
              t('tokens.fields.ip_whitelist'),
              <TextArea
                id="token-ipWhitelist"
                fill
                rows={3}
                value={form.ipWhitelist}
                onChange={(event) => set('ipWhitelist', event.currentTarget.value)}
              />,
            )}
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
