// The channel model check (console-screens §1.6): pick models, stream `POST /api/sse/channel/check`
// and show each model's result as it arrives. The stream's lines are read by core's parser.
import {
  Button,
  Callout,
  Checkbox,
  Collapse,
  Dialog,
  DialogBody,
  DialogFooter,
  Icon,
  Tag,
} from '@blueprintjs/core';
import {
  type Channel,
  checkableProviderModels,
  createCheckStreamParser,
  listProviderModels,
  type ModelCheckResult,
  modelCheckPassed,
  toggleInSet,
} from '@gw/core';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../../app/app-context';
import { showError, showToast } from '../../lib/toasts';
import { useServerStep } from '../../kit/mutations';
import { useT } from '../../lib/use-t';
import './channel-check.css';

interface ChannelCheckDialogProps {
  /** The channel checked: its id, its name for the title and its models (comma-separated) to pick from. */
  channel: Pick<Channel, 'id' | 'name' | 'models'>;
  isOpen: boolean;
  onClose: () => void;
}

const splitModels = (models: string) =>
  [...new Set(models.split(',').map((model) => model.trim()))].filter(Boolean);

/** Reads the check stream; every result is handed over as it arrives. Throws the server's refusal. */
async function streamCheck(
  body: { id: number; models: string },
  onResult: (result: ModelCheckResult) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/sse/channel/check', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  // A refusal (not signed in, no such channel, no relay) comes as the usual JSON envelope.
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    const text = await response.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: shown as it is
    }
    throw new Error(message || String(response.status));
  }
  const parser = createCheckStreamParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const handle = (events: ReturnType<typeof parser.push>) => {
    for (const event of events) if (event.type === 'result') onResult(event.result);
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    handle(parser.push(value));
  }
  handle(parser.end());
}

/** One model's result: its badge, and its steps with their remarks and the raw response on demand. */
function ResultRow({ model, result }: { model: string; result?: ModelCheckResult }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [raw, setRaw] = useState(false);
  const passed = result ? modelCheckPassed(result) : undefined;
  return (
    <li className="gw-check-result">
      <div className="gw-check-result-head">
        <Button
          variant="minimal"
          size="small"
          icon={open ? 'chevron-down' : 'chevron-right'}
          disabled={!result}
          aria-expanded={open}
          aria-label={model}
          onClick={() => setOpen(!open)}
        />
        <span className="gw-check-model">{model}</span>
        <Tag
          round
          intent={passed === undefined ? 'none' : passed ? 'success' : 'danger'}
          data-model={model}
          className="gw-check-badge"
        >
          {t(
            passed === undefined
              ? 'channels.editor.check.pending'
              : passed
                ? 'channels.editor.check.passed'
                : 'channels.editor.check.failed',
          )}
        </Tag>
      </div>
      <Collapse isOpen={open && result !== undefined}>
        {result?.process.map((process, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id and never reorder
          <div key={index} className="gw-check-process">
            <strong>{process.name}</strong>
            <ul>
              {process.results.map((step, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <li key={at}>
                  <Icon
                    icon={step.status === 1 ? 'tick' : 'cross'}
                    intent={step.status === 1 ? 'success' : 'danger'}
                  />{' '}
                  {step.name}
                  {step.remark && <span className="gw-check-remark"> — {step.remark}</span>}
                </li>
              ))}
            </ul>
            {process.response !== undefined && process.response !== null && (
              <>
                <Button
                  size="small"
                  variant="minimal"
                  icon="code"
                  text={t('channels.editor.check.response')}
                  onClick={() => setRaw(!raw)}
                />
                {raw && <pre className="gw-check-raw">{JSON.stringify(process.response, null, 2)}</pre>}
              </>
            )}
          </div>
        ))}
      </Collapse>
    </li>
  );
}

export function ChannelCheckDialog({ channel, isOpen, onClose }: ChannelCheckDialogProps) {
  const t = useT();
  const { client } = useApp();
  const [choices, setChoices] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Record<string, ModelCheckResult>>({});
  const [running, setRunning] = useState(false);
  const fetching = useServerStep();
  const abort = useRef<AbortController | undefined>(undefined);
  const { models } = channel;
  useEffect(() => {
    if (!isOpen) return;
    const list = splitModels(models);
    setChoices(list);
    setSelected(new Set(list));
    setResults({});
  }, [isOpen, models]);
  useEffect(() => () => abort.current?.abort(), []);

  const fetchModels = () =>
    fetching.run(async () => {
      const available = checkableProviderModels(await listProviderModels(client, { id: channel.id }));
      setChoices((current) => [...new Set([...current, ...available])]);
    });
  const start = async () => {
    const picked = choices.filter((model) => selected.has(model));
    if (picked.length === 0) {
      showToast('error', t('channels.editor.check.no_models'));
      return;
    }
    setResults({});
    setRunning(true);
    abort.current = new AbortController();
    const found: ModelCheckResult[] = [];
    try {
      await streamCheck(
        { id: channel.id, models: picked.join(',') },
        (result) => {
          found.push(result);
          setResults((current) => ({ ...current, [result.model]: result }));
        },
        abort.current.signal,
      );
      const passed = found.filter(modelCheckPassed).length;
      showToast('success', t('channels.editor.check.done', { passed, failed: found.length - passed }));
    } catch (error) {
      if (!abort.current.signal.aborted) showError(error, t);
    } finally {
      setRunning(false);
    }
  };
  const close = () => {
    abort.current?.abort();
    onClose();
  };
  const shown = running || Object.keys(results).length > 0;

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('channels.editor.check.title', { name: channel.name })}
      className="gw-check-dialog"
    >
      <DialogBody>
        <div className="gw-check-toolbar">
          <Button
            icon="cloud-download"
            loading={fetching.busy}
            text={t('channels.editor.check.get_models')}
            onClick={() => void fetchModels()}
          />
          <Button
            text={t('channels.editor.check.select_all')}
            onClick={() => setSelected(new Set(choices))}
          />
          <Button text={t('channels.editor.check.deselect_all')} onClick={() => setSelected(new Set())} />
        </div>
        <fieldset className="gw-check-models">
          <legend>{t('channels.editor.check.models')}</legend>
          {choices.map((model) => (
            <Checkbox
              key={model}
              inline
              label={model}
              checked={selected.has(model)}
              onChange={() => setSelected(toggleInSet(selected, model))}
            />
          ))}
        </fieldset>
        {shown && (
          <ul className="gw-check-results" aria-live="polite">
            {choices
              .filter((model) => selected.has(model) || results[model])
              .map((model) => (
                <ResultRow key={model} model={model} result={results[model]} />
              ))}
          </ul>
        )}
        {!shown && choices.length === 0 && <Callout>{t('channels.editor.check.no_models')}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={close} />
            <Button
              intent="primary"
              icon="play"
              loading={running}
              text={t('channels.editor.check.start')}
              onClick={() => void start()}
            />
          </>
        }
      />
    </Dialog>
  );
}
