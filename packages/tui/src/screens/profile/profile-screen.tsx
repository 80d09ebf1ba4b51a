import {
  displayWidth,
  generateAccessToken,
  getSelf,
  PROFILE_FORM,
  padCells,
  renderQuota,
  roleLabelKey,
  type User,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useCallback, useEffect, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../../hooks/tui-context.js';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { CreatedList } from '../../kit/created-list.js';
import { ResourceForm } from '../../kit/resource-form.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';

type Mode = 'view' | 'edit' | 'confirm_token' | { token: string };

const VIEW_BINDINGS = [
  { keys: 'e', labelKey: 'tui.keys.edit_profile' },
  { keys: 'g', labelKey: 'tui.keys.generate_token' },
  { keys: 'r', labelKey: 'tui.keys.refresh' },
];
const CONFIRM_BINDINGS = [
  { keys: 'y', labelKey: 'tui.keys.confirm' },
  { keys: 'N', labelKey: 'tui.keys.cancel' },
];

/** The profile (console-screens §23): who you are, your balance; edit name and password; a new access token. */
export function ProfileScreen({ saveDir = process.cwd() }: ItemScreenProps) {
  const { t, glyphs, readOnly } = useTuiEnv();
  const session = useSession();
  const host = useScreenHost();
  const [user, setUser] = useState<User>(session.user);
  const [mode, setMode] = useState<Mode>('view');
  const reload = useCallback(
    () => getSelf(session.client).then((self) => setUser({ ...self, access_token: '' }), host.notifyError),
    [session.client, host.notifyError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  useScreenFrame(
    mode === 'confirm_token' ? CONFIRM_BINDINGS : readOnly ? VIEW_BINDINGS.slice(2) : VIEW_BINDINGS,
    mode !== 'view',
    undefined,
    undefined,
    mode === 'view' || mode === 'confirm_token',
  );

  const generate = async () => {
    try {
      const token = await generateAccessToken(session.client);
      session.setAccessToken(token);
      setMode({ token });
    } catch (error) {
      host.notifyError(error);
      setMode('view');
    }
  };
  useKeys(
    (input) => {
      if (mode === 'confirm_token') {
        if (input === 'y' || input === 'Y') void generate();
        else setMode('view');
        return;
      }
      if (input === 'r') void reload();
      else if (readOnly) return;
      else if (input === 'e') setMode('edit');
      else if (input === 'g') setMode('confirm_token');
    },
    host.active && (mode === 'view' || mode === 'confirm_token'),
  );

  if (mode === 'edit')
    return (
      <Box flexDirection="column" paddingX={1}>
        <ResourceForm
          form={PROFILE_FORM}
          row={user}
          saveDir={saveDir}
          onClose={(saved) => {
            setMode('view');
            if (saved) void reload();
          }}
        />
      </Box>
    );
  if (typeof mode === 'object')
    return (
      <Box flexDirection="column" paddingX={1}>
        <CreatedList
          title={t('users.profile.token_generate')}
          help={t('users.profile.token_shown')}
          file={{ name: 'gw-access-token.txt', text: `${mode.token}\n`, items: [mode.token] }}
          saveDir={saveDir}
          onClose={() => setMode('view')}
        />
      </Box>
    );
  const lines: [string, string][] = [
    [t('users.fields.username'), user.username],
    [t('users.fields.display_name'), user.display_name || '-'],
    [t('users.fields.email'), user.email || t('users.profile.no_email')],
    [t('users.fields.group'), user.group],
    [t('users.fields.role'), t(roleLabelKey(user.role))],
    [t('tui.profile.balance'), renderQuota(user.quota, session.quota)],
    [t('tui.profile.used'), renderQuota(user.used_quota, session.quota)],
    [t('tui.profile.requests'), String(user.request_count)],
  ];
  const width = Math.max(...lines.map(([label]) => displayWidth(label)));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{t('nav.profile')}</Text>
      {lines.map(([label, value]) => (
        <Text key={label} wrap="truncate-end">{`  ${padCells(label, width)}  ${glyphs.text(value)}`}</Text>
      ))}
      <Text> </Text>
      <Text dimColor wrap="wrap">
        {glyphs.text(t('users.profile.token_notice'))}
      </Text>
      {mode === 'confirm_token' ? (
        <Text color="yellow" bold>{`${t('tui.profile.token_confirm')} [y/N]`}</Text>
      ) : null}
    </Box>
  );
}
