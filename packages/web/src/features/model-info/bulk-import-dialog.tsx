import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  ProgressBar,
  Radio,
  RadioGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import {
  describeError,
  listModelInfo,
  type ModelInfoImportRow,
  type ModelInfoImportStrategy,
  modelInfoImportStep,
  parseJsonStringList,
  readModelInfoImport,
  runModelInfoImport,
  thousands,
} from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/** What became of a row once the import ran. */
type Outcome = { kind: 'imported' | 'skipped' | 'refused' } | { kind: 'failed'; message: string };

/**
 * Bulk import of model info (console-screens §19): a file fetched by the browser or pasted JSON,
 * previewed row by row with core's checks (new / exists / refused with its errors), then sent one
 * by one with existing entries skipped or overwritten; a refused row is never sent.
 */
export function BulkImportDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const [url, setUrl] = useState('');
  const [pasted, setPasted] = useState('');
  const [rows, setRows] = useState<ModelInfoImportRow[] | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [strategy, setStrategy] = useState<ModelInfoImportStrategy>('skip');
  const [progress, setProgress] = useState<{ done: number; total: number } | undefined>();
  const [outcomes, setOutcomes] = useState<Map<number, Outcome> | undefined>();
  const [busy, setBusy] = useState(false);

  const read = async (json: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(undefined);
    setRows(undefined);
    setOutcomes(undefined);
    try {
      const data = await json();
      const read = readModelInfoImport(data, await listModelInfo(client));
      if (read) setRows(read);
      else setProblem(t('model_info.import.bad_format'));
    } catch (error) {
      setProblem(t('model_info.import.fetch_failed', { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  const fetchFile = () =>
    read(async () => {
      const answer = await fetch(url.trim());
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      return answer.json();
    });
  const readPasted = () => read(async () => JSON.parse(pasted));

  const start = async () => {
    if (!rows) return;
    setBusy(true);
    setProgress({ done: 0, total: rows.length });
    const result = await runModelInfoImport(client, rows, strategy, (done, total) =>
      setProgress({ done, total }),
    );
    const next = new Map<number, Outcome>();
    for (const row of rows) {
      const failure = result.failures.get(row.line);
      const step = modelInfoImportStep(row, strategy);
      next.set(
        row.line,
        failure !== undefined
          ? { kind: 'failed', message: noticeText(failure, t) }
          : { kind: step === 'refuse' ? 'refused' : step === 'skip' ? 'skipped' : 'imported' },
      );
    }
    setOutcomes(next);
    setBusy(false);
    showToast(result.failed > 0 ? 'warning' : 'success', t('model_info.import.summary', { ...result }));
    await queries.invalidateQueries({ queryKey: ['model_info'] });
  };

  const refused = rows?.filter((row) => !row.input).length ?? 0;
  const conflicts = rows?.filter((row) => row.input && row.existing).length ?? 0;
  const sendable = rows?.some((row) => row.input) ?? false;
  return (
    <Dialog isOpen onClose={onClose} title={t('model_info.import.title')} className="gw-bulk-import">
      <DialogBody>
        <label htmlFor="model-info-import-url">{t('model_info.import.url')}</label>
        <InputGroup
          id="model-info-import-url"
          value={url}
          onValueChange={setUrl}
          rightElement={
            <Button
              text={t('model_info.import.fetch')}
              disabled={url.trim() === '' || busy}
              onClick={() => void fetchFile()}
            />
          }
        />
        <label htmlFor="model-info-import-json">{t('model_info.import.paste')}</label>
        <TextArea
          id="model-info-import-json"
          fill
          rows={4}
          value={pasted}
          onChange={(event) => setPasted(event.currentTarget.value)}
        />
        <Button
          text={t('model_info.import.read')}
          disabled={pasted.trim() === '' || busy}
          onClick={() => void readPasted()}
        />
        {problem && (
          <Callout intent="danger" role="alert">
            {problem}
          </Callout>
        )}
        {!rows && !problem && <p className="gw-muted">{t('model_info.import.prompt')}</p>}
        {rows && (
          <>
            <p role="status">{t('model_info.import.count', { count: rows.length, refused })}</p>
            <PreviewTable rows={rows} outcomes={outcomes} />
            {conflicts > 0 && (
              <Callout intent="warning">
                {t('model_info.import.conflicts', { count: conflicts })}
                <RadioGroup
                  label={t('model_info.import.strategy')}
                  selectedValue={strategy}
                  onChange={(event) => setStrategy(event.currentTarget.value as ModelInfoImportStrategy)}
                >
                  <Radio
                    value="skip"
                    label={`${t('model_info.import.skip')} — ${t('model_info.import.skip_help')}`}
                  />
                  <Radio
                    value="overwrite"
                    label={`${t('model_info.import.overwrite')} — ${t('model_info.import.overwrite_help')}`}
                  />
                </RadioGroup>
              </Callout>
            )}
            {progress && (
              <div className="gw-import-progress">
                <ProgressBar value={progress.total ? progress.done / progress.total : 1} stripes={busy} />
                <span>{t('model_info.import.progress', progress)}</span>
              </div>
            )}
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('model_info.import.start')}
              loading={busy && progress !== undefined}
              disabled={!sendable || busy || outcomes !== undefined}
              onClick={() => void start()}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** A server's refusal as the error toast would word it. */
function noticeText(error: unknown, t: ReturnType<typeof useT>): string {
  const notice = describeError(error);
  return t(notice.key, notice.params);
}

const listText = (text: string) => (parseJsonStringList(text) ?? []).join(', ');

/** The rows as read: id, name, sizes, modalities, tags, and new / exists / refused (or the outcome). */
function PreviewTable({
  rows,
  outcomes,
}: {
  rows: readonly ModelInfoImportRow[];
  outcomes?: Map<number, Outcome>;
}) {
  const t = useT();
  const status = (row: ModelInfoImportRow) => {
    const outcome = outcomes?.get(row.line);
    if (outcome)
      return (
        <Tag
          intent={outcome.kind === 'imported' ? 'success' : outcome.kind === 'skipped' ? 'none' : 'danger'}
        >
          {t(`model_info.import.${outcome.kind}`)}
          {outcome.kind === 'failed' ? `: ${outcome.message}` : ''}
        </Tag>
      );
    if (!row.input)
      return (
        <>
          <Tag intent="danger">{t('model_info.import.refused')}</Tag>
          <ul className="gw-import-errors">
            {row.errors.map((error) => (
              <li key={`${error.field}:${error.key}`}>
                {t(error.key, {
                  ...error.params,
                  field: error.field === '_' ? '' : t(`model_info.fields.${error.field}`),
                })}
              </li>
            ))}
          </ul>
        </>
      );
    return (
      <Tag intent={row.existing ? 'warning' : 'success'}>
        {t(row.existing ? 'model_info.import.exists' : 'model_info.import.new')}
      </Tag>
    );
  };
  return (
    <div className="gw-table-wrap">
      <HTMLTable compact striped aria-label={t('model_info.import.title')}>
        <thead>
          <tr>
            <th>{t('model_info.import.line')}</th>
            <th>{t('model_info.fields.model')}</th>
            <th>{t('model_info.fields.name')}</th>
            <th>{t('model_info.fields.context_length')}</th>
            <th>{t('model_info.fields.max_tokens')}</th>
            <th>{t('model_info.fields.input_modalities')}</th>
            <th>{t('model_info.fields.output_modalities')}</th>
            <th>{t('model_info.fields.tags')}</th>
            <th>{t('model_info.import.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.model}</td>
              <td>{row.input?.name ?? ''}</td>
              <td>{row.input ? thousands(row.input.context_length) : ''}</td>
              <td>{row.input ? thousands(row.input.max_tokens) : ''}</td>
              <td>{row.input ? listText(row.input.input_modalities) : ''}</td>
              <td>{row.input ? listText(row.input.output_modalities) : ''}</td>
              <td>{row.input ? listText(row.input.tags) : ''}</td>
              <td>{status(row)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
