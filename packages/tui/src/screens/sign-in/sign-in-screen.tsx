import { displayWidth } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useEffect, useRef, useState } from 'react';
import { useTuiEnv } from '../../hooks/tui-context.js';
import { signInWithPassword, signInWithToken, type TuiSession } from '../../lib/connection.js';
import { errorText, signInErrorText } from '../../lib/error-text.js';
import { formatKeyHints } from '../../lib/key-bindings.js';
import { TextField } from '../../ui/text-field.js';
import {
  SIGN_IN_FIELDS,
  type SignInField,
  type SignInValues,
  signInLabelKey,
  signInReady,
  signInRequest,
} from './sign-in-form.js';

export interface SignInScreenProps {
  server: string;
  /** A saved access token: tried first, before the form is shown. */
  accessToken?: string;
  /** The saved token's check already under way (started before the console loaded). */
  pendingSession?: Promise<TuiSession>;
  saveCredentials?: (server: string, accessToken: string, username: string) => void | Promise<void>;
  onSignedIn: (session: TuiSession, notice?: string) => void;
  onQuit: () => void;
}

type Phase = 'checking' | 'form' | 'busy';

const BINDINGS = [
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
  { keys: 'Enter', labelKey: 'tui.keys.submit' },
  { keys: 'Ctrl-c', labelKey: 'tui.keys.quit' },
];

/** Sign-in: a saved access token is checked first; otherwise server, username and password (or a token). */
export function SignInScreen({
  server,
  accessToken,
  pendingSession,
  saveCredentials,
  onSignedIn,
  onQuit,
}: SignInScreenProps) {
  const { t, language, glyphs } = useTuiEnv();
  const [phase, setPhase] = useState<Phase>(accessToken ? 'checking' : 'form');
  const [values, setValues] = useState<SignInValues>({
    server,
    username: '',
    password: '',
    access_token: '',
  });
  const [focus, setFocus] = useState<SignInField>('username');
  const [errors, setErrors] = useState<Partial<Record<SignInField, string>>>({});
  const [message, setMessage] = useState('');
  const started = useRef(false);

  useEffect(() => {
    if (!accessToken || started.current) return;
    started.current = true;
    (pendingSession ?? signInWithToken(server, language, accessToken)).then(
      (session) => onSignedIn(session),
      (error: unknown) => {
        setMessage(signInErrorText(error, server, t, true));
        setPhase('form');
      },
    );
  }, [accessToken, pendingSession, server, language, onSignedIn, t]);

  const submit = async () => {
    const request = signInRequest(values, t);
    if (request.kind === 'invalid') {
      setErrors(request.errors);
      setFocus(SIGN_IN_FIELDS.find((field) => request.errors[field]) ?? focus);
      return;
    }
    setErrors({});
    setMessage(t('tui.sign_in.signing_in'));
    setPhase('busy');
    try {
      const session =
        request.kind === 'token'
          ? await signInWithToken(request.server, language, request.accessToken)
          : await signInWithPassword(request.server, language, request.username, request.password);
      let notice: string | undefined;
      try {
        await saveCredentials?.(session.server, session.accessToken, session.user.username);
      } catch (error) {
        notice = errorText(error, t);
      }
      onSignedIn(session, notice);
    } catch (error) {
      setMessage(signInErrorText(error, request.server, t));
      setPhase('form');
    }
  };

  useKeys((input, key) => {
    if (key.ctrl && input === 'c') return onQuit();
    if (phase !== 'form') return;
    const index = SIGN_IN_FIELDS.indexOf(focus);
    const move = (step: number) =>
      setFocus(SIGN_IN_FIELDS[(index + step + SIGN_IN_FIELDS.length) % SIGN_IN_FIELDS.length] ?? focus);
    if ((key.tab && key.shift) || key.upArrow) return move(-1);
    if (key.tab || key.downArrow) return move(1);
    if (key.return) {
      if (signInReady(values) || index === SIGN_IN_FIELDS.length - 1) void submit();
      else move(1);
    }
  }, true);

  const labelWidth = Math.max(...SIGN_IN_FIELDS.map((field) => displayWidth(t(signInLabelKey(field)))));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{`${t('tui.app_name')} ${glyphs.separator} ${t('tui.sign_in.title')}`}</Text>
      <Text dimColor>{t('tui.sign_in.hint')}</Text>
      <Text> </Text>
      {phase === 'checking' ? (
        <Text>{t('tui.sign_in.checking')}</Text>
      ) : (
        SIGN_IN_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(signInLabelKey(field))}
            labelWidth={labelWidth}
            value={values[field]}
            onChange={(value) => setValues((previous) => ({ ...previous, [field]: value }))}
            focus={phase === 'form' && focus === field}
            mask={field === 'password' || field === 'access_token' ? '*' : undefined}
            error={errors[field]}
            pointer={glyphs.pointer}
          />
        ))
      )}
      <Text> </Text>
      <Text dimColor wrap="truncate-end">
        {formatKeyHints(BINDINGS, t)}
      </Text>
      <Text color={phase === 'busy' ? undefined : 'red'} wrap="wrap">
        {message}
      </Text>
    </Box>
  );
}
