import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { PLAYGROUND_FIELDS, type PlaygroundValues, playgroundSchema, trimStrings } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useUser } from '../../app/app-context';
import { FormField } from '../../kit/form-field';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { type FieldMessages, messagesFromZod } from '../../lib/form-errors';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { CallDetails } from './call-details';
import { ChatTranscript } from './chat-transcript';
import { usePlayground } from './use-playground';
import './playground.css';

const LABELS = Object.fromEntries(PLAYGROUND_FIELDS.map((field) => [field.name, field.labelKey]));
const FIELD = Object.fromEntries(PLAYGROUND_FIELDS.map((field) => [field.name, field])) as Record<
  keyof PlaygroundValues,
  (typeof PLAYGROUND_FIELDS)[number]
>;

/** The playground (console-screens §12.3, `/playground` and `/panel/playground`): signed-in users only. */
export function PlaygroundPage() {
  const user = useUser();
  const ready = useScreenSections(['playground']);
  if (!user) return <Navigate to="/login" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      {ready ? <Playground /> : <Spinner className="gw-page-spinner" />}
    </QueryClientProvider>
  );
}

/**
 * Chat with a chosen token and model: the reply streams into the conversation as it arrives, and beside
 * it the request that was sent and what the call cost (the consume log's quota, read back after it).
 */
function Playground() {
  const t = useT();
  const [values, setValues] = useState<PlaygroundValues>({
    token_id: '',
    model: '',
    system: '',
    message: '',
  });
  const [errors, setErrors] = useState<FieldMessages>({});
  const playground = usePlayground(values.token_id ? Number(values.token_id) : undefined);
  const tokenOptions = (playground.tokens.data ?? []).map((token) => ({
    value: String(token.id),
    label: token.name,
  }));
  const modelOptions = (playground.models.data ?? []).map((model) => ({ value: model, label: model }));
  const current: PlaygroundValues = {
    ...values,
    token_id: values.token_id || String(playground.token?.id ?? ''),
    model:
      values.model && playground.models.data?.includes(values.model)
        ? values.model
        : (modelOptions[0]?.value ?? ''),
  };
  const streaming = playground.call?.status === 'streaming';

  const change = (name: keyof PlaygroundValues) => (value: unknown) => {
    setValues((before) => ({
      ...before,
      [name]: String(value ?? ''),
      ...(name === 'token_id' ? { model: '' } : {}),
    }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (streaming) return;
    const checked = playgroundSchema.safeParse(trimStrings(current));
    if (!checked.success) {
      setErrors(messagesFromZod(checked.error, t, LABELS));
      return;
    }
    setValues((before) => ({ ...before, message: '' }));
    void playground.send(checked.data, (error) => showError(error, t));
  };

  if (playground.tokens.isPending) return <Spinner className="gw-page-spinner" />;
  if (tokenOptions.length === 0) return <NonIdealState icon="key" title={t('playground.no_tokens')} />;
  const field = (name: keyof PlaygroundValues, options?: { value: string; label: string }[]) => (
    <FormField
      field={options ? { ...FIELD[name], options } : FIELD[name]}
      id={`playground-${name}`}
      value={current[name]}
      error={errors[name]}
      readOnly={streaming}
      onChange={change(name)}
    />
  );
  return (
    <section className="gw-playground">
      <header className="gw-playground-head">
        <h2>{t('playground.title')}</h2>
        <p className="bp6-text-muted">{t('playground.intro')}</p>
      </header>
      <div className="gw-playground-body">
        <form
          className="gw-playground-chat"
          onSubmit={send}
          onKeyDown={(event) => {
            // Ctrl+Enter (⌘+Enter) in the message sends it.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
          }}
          noValidate
        >
          <div className="gw-playground-choices">
            {field('token_id', tokenOptions)}
            {playground.models.isPending ? <Spinner size={20} /> : field('model', modelOptions)}
          </div>
          {playground.models.data?.length === 0 && (
            <p className="bp6-text-muted">{t('playground.no_models')}</p>
          )}
          {field('system')}
          <ChatTranscript turns={playground.turns} streaming={streaming} />
          {field('message')}
          <div className="gw-playground-actions">
            {streaming ? (
              <Button icon="pause" text={t('playground.stop')} onClick={playground.stop} />
            ) : (
              <Button type="submit" intent="primary" icon="send-message" text={t('playground.send')} />
            )}
            <Button
              variant="minimal"
              icon="plus"
              text={t('playground.new_chat')}
              disabled={playground.turns.length === 0}
              onClick={playground.reset}
            />
          </div>
        </form>
        <CallDetails call={playground.call} />
      </div>
    </section>
  );
}
