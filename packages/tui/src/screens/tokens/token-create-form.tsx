import { displayWidth } from '@gw/core';
import { createToken, renderQuota, type Token } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { TextField, ToggleField } from '../../ui/text-field.js';
import {
  EMPTY_TOKEN_FORM,
  TOKEN_FORM_LABELS,
  type TokenFormField,
  type TokenFormValues,
  tokenFormFields,
  tokenFormInput,
} from './token-form-model.js';

export interface TokenCreateFormProps {
  onCancel: () => void;
  onCreated: (token: Token) => void;
}

/** The create form: name, unlimited yes/no, quota, never expires (and the expiry when it can expire). */
export function TokenCreateForm({ onCancel, onCreated }: TokenCreateFormProps) {
  const { t, glyphs } = useTuiEnv();
  const { client, quota } = useSession();
  const host = useScreenHost();
  const [values, setValues] = useState<TokenFormValues>(EMPTY_TOKEN_FORM);
  const [focus, setFocus] = useState<TokenFormField>('name');
  const [errors, setErrors] = useState<Partial<Record<TokenFormField, string>>>({});
  const [busy, setBusy] = useState(false);
  const fields = tokenFormFields(values);

  const submit = async () => {
    const result = tokenFormInput(values, t);
    if (!result.ok) {
      setErrors(result.errors);
      setFocus(fields.find((field) => result.errors[field]) ?? focus);
      host.notify(Object.values(result.errors)[0] ?? '', 'error');
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onCreated(await createToken(client, result.input));
    } catch (error) {
      host.notifyError(error);
      setBusy(false);
    }
  };

  const toggle = (field: TokenFormField, value?: boolean) => {
    if (field === 'unlimited')
      setValues((previous) => ({ ...previous, unlimited: value ?? !previous.unlimited }));
    if (field === 'never_expires')
      setValues((previous) => ({ ...previous, neverExpires: value ?? !previous.neverExpires }));
  };

  useKeys((input, key) => {
    if (busy) return;
    const index = fields.indexOf(focus);
    const isToggle = focus === 'unlimited' || focus === 'never_expires';
    if (key.escape) return onCancel();
    if (key.return) return void submit();
    if ((key.tab && key.shift) || key.upArrow)
      return setFocus(fields[(index - 1 + fields.length) % fields.length] ?? focus);
    if (key.tab || key.downArrow) return setFocus(fields[(index + 1) % fields.length] ?? focus);
    if (!isToggle) return;
    if (input === ' ' || key.leftArrow || key.rightArrow) toggle(focus);
    else if (input === 'y') toggle(focus, true);
    else if (input === 'n') toggle(focus, false);
  }, host.active);

  const labelWidth = Math.max(...Object.values(TOKEN_FORM_LABELS).map((key) => displayWidth(t(key))));
  const text = (
    field: 'name' | 'quota' | 'expires_at',
    key: 'name' | 'quota' | 'expiresAt',
    hint?: string,
  ) => (
    <TextField
      label={t(TOKEN_FORM_LABELS[field])}
      labelWidth={labelWidth}
      value={values[key]}
      onChange={(value) => setValues((previous) => ({ ...previous, [key]: value }))}
      focus={host.active && !busy && focus === field}
      hint={hint}
      error={errors[field]}
      pointer={glyphs.pointer}
    />
  );
  const toggleField = (field: 'unlimited' | 'never_expires', value: boolean) => (
    <ToggleField
      label={t(TOKEN_FORM_LABELS[field])}
      labelWidth={labelWidth}
      value={value}
      focus={focus === field}
      yes={t('common.yes')}
      no={t('common.no')}
      hint={t('tui.tokens.toggle_hint')}
      error={errors[field]}
      checked={glyphs.checked}
      unchecked={glyphs.unchecked}
      pointer={glyphs.pointer}
    />
  );
  const quotaNumber = Number(values.quota.trim() || '0');
  const quotaHint = Number.isFinite(quotaNumber)
    ? t('tui.tokens.quota_hint', { amount: renderQuota(Math.trunc(quotaNumber), quota) })
    : undefined;
  return (
    <Box flexDirection="column">
      <Text bold>{t('tokens.create')}</Text>
      {text('name', 'name')}
      {toggleField('unlimited', values.unlimited)}
      {values.unlimited ? null : text('quota', 'quota', quotaHint)}
      {toggleField('never_expires', values.neverExpires)}
      {values.neverExpires ? null : text('expires_at', 'expiresAt', t('tui.tokens.expires_at_hint'))}
      <Text dimColor>{t('tokens.quota_note')}</Text>
      {busy ? <Text>{glyphs.text(t('common.loading'))}</Text> : null}
    </Box>
  );
}
