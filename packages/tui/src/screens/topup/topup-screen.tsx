import { getSelf, REDEEM_FORM, redeemCode, renderQuota } from '@gw/core';
import { Box, Text } from 'ink';
import { useCallback, useEffect, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { fieldMessages } from '../../lib/field-errors.js';
import { TextInput } from '../../ui/text-input.js';

const BINDINGS = [
  { keys: 'Enter', labelKey: 'tui.keys.redeem' },
  { keys: 'Ctrl-u', labelKey: 'tui.keys.clear_field' },
];

/** Top-up (console-screens §14): the balance, and a redemption code redeemed with Enter. */
export function TopupScreen() {
  const { t, glyphs, readOnly } = useTuiEnv();
  const { client, quota, status } = useSession();
  const host = useScreenHost();
  const [balance, setBalance] = useState<number>();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const reload = useCallback(
    () => getSelf(client).then((self) => setBalance(self.quota), host.notifyError),
    [client, host.notifyError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  // The code field takes every key (q, : and ? are letters of a code); Esc leaves.
  useScreenFrame(readOnly ? [] : BINDINGS, readOnly ? false : 'typing');

  const redeem = async () => {
    const checked = REDEEM_FORM.schema.safeParse({ key: code });
    if (!checked.success) {
      const message = fieldMessages(checked.error, t, { key: 'payments.topup.redeem_code' }).key ?? '';
      setError(message);
      return host.notify(message, 'error');
    }
    setError('');
    setBusy(true);
    try {
      const added = await redeemCode(client, checked.data.key);
      host.notify(t('payments.topup.redeemed', { amount: renderQuota(added, quota) }));
      setCode('');
      await reload();
    } catch (failure) {
      host.notifyError(failure);
    }
    setBusy(false);
  };
  useKeys((_input, key) => {
    if (key.escape) host.leave();
    else if (key.return && !busy) void redeem();
  }, host.active && !readOnly);

  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.topup')}</Text>
      <Text>{`${t('payments.topup.balance')}: ${balance === undefined ? t('common.loading') : renderQuota(balance, quota)}`}</Text>
      <Text dimColor wrap="truncate-end">
        {glyphs.text(t('payments.topup.notice'))}
      </Text>
      <Text> </Text>
      {readOnly ? null : (
        <>
          <Text bold>{t('payments.topup.redeem_title')}</Text>
          <Box>
            <Text color="cyan">{`${glyphs.pointer} ${t('payments.topup.redeem_code')}: `}</Text>
            <TextInput value={code} onChange={setCode} focus={host.active && !busy} />
          </Box>
          {error ? <Text color="red">{error}</Text> : null}
          {busy ? <Text>{glyphs.text(t('common.loading'))}</Text> : null}
        </>
      )}
      {status.top_up_link ? (
        <Text dimColor wrap="truncate-end">{`${t('payments.topup.get_code')}: ${status.top_up_link}`}</Text>
      ) : null}
    </Box>
  );
}
