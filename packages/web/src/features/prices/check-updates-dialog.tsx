import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Tag } from '@blueprintjs/core';
import {
  DEFAULT_PRICE_LIST_URL,
  diffPriceLists,
  extraUsageKindKey,
  getPriceUpdateService,
  listStoredPrices,
  type Price,
  type PriceChange,
  type PriceInput,
  type PriceUpdates,
  parseRemotePriceList,
  syncEffect,
  syncPrices,
} from '@gw/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/** Where the last fetched list came from, so the dialog opens on it next time (console-screens §17.4). */
const SOURCE_KEY = 'gw.prices.update_source';

type SyncMode = 'add' | 'update' | 'overwrite';
const MODES: readonly { mode: SyncMode; labelKey: string }[] = [
  { mode: 'add', labelKey: 'prices.updates.add_only' },
  { mode: 'update', labelKey: 'prices.updates.update' },
  { mode: 'overwrite', labelKey: 'prices.updates.overwrite' },
];

/** A compared list: the remote prices, the server's, and core's diff of the two. */
interface Compared {
  remote: Price[];
  server: Price[];
  updates: PriceUpdates;
}

/**
 * Check for updates: the browser fetches a price list (the server names its URL, else one-hub's
 * public list), core compares it with the stored prices, and one of the sync modes sends it back.
 */
export function CheckUpdatesDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const configured = useQuery({
    queryKey: ['prices', 'update-service'],
    queryFn: () => getPriceUpdateService(client),
  });
  const [typed, setTyped] = useState<string | undefined>(() => localStorage.getItem(SOURCE_KEY) ?? undefined);
  const source = typed ?? (configured.data || (configured.isFetched ? DEFAULT_PRICE_LIST_URL : ''));
  const [compared, setCompared] = useState<Compared | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState<'fetch' | SyncMode | undefined>();

  const fetchList = async () => {
    setBusy('fetch');
    setProblem(undefined);
    setCompared(undefined);
    try {
      const answer = await fetch(source.trim());
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      const remote = parseRemotePriceList(await answer.json());
      if (!remote) {
        setProblem(t('prices.updates.bad_format'));
        return;
      }
      localStorage.setItem(SOURCE_KEY, source.trim());
      const server = await listStoredPrices(client);
      setCompared({ remote, server, updates: diffPriceLists(server, remote) });
    } catch (error) {
      setProblem(t('prices.updates.fetch_failed', { message: (error as Error).message }));
    } finally {
      setBusy(undefined);
    }
  };

  const apply = async (mode: SyncMode) => {
    if (!compared) return;
    setBusy(mode);
    try {
      await syncPrices(client, mode, compared.remote as PriceInput[]);
      showToast('success', t('prices.updates.done'));
      onClose();
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(undefined);
      await queries.invalidateQueries({ queryKey: ['prices'] });
    }
  };

  const updates = compared?.updates;
  return (
    <Dialog isOpen onClose={onClose} title={t('prices.updates.title')} className="gw-price-updates">
      <DialogBody>
        <label htmlFor="price-update-source">{t('prices.updates.source')}</label>
        <InputGroup
          id="price-update-source"
          value={source}
          onValueChange={setTyped}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void fetchList();
          }}
          rightElement={
            <Button
              variant="minimal"
              icon="refresh"
              loading={busy === 'fetch'}
              disabled={source.trim() === ''}
              aria-label={t('prices.updates.fetch')}
              onClick={() => void fetchList()}
            />
          }
        />
        {problem && (
          <Callout intent="danger" role="alert">
            {problem}
          </Callout>
        )}
        {!updates && !problem && <p className="gw-muted">{t('prices.updates.prompt')}</p>}
        {updates && compared && <UpdatesSummary updates={updates} server={compared.server} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.cancel')} onClick={onClose} />
            {MODES.map(({ mode, labelKey }) => (
              <Button
                key={mode}
                intent={mode === 'overwrite' ? 'danger' : 'primary'}
                text={t(labelKey)}
                loading={busy === mode}
                disabled={!updates || busy !== undefined || (mode === 'add' && updates.added.length === 0)}
                onClick={() => void apply(mode)}
              />
            ))}
          </>
        }
      />
    </Dialog>
  );
}

/** The counts, the new / changed / server-only models, and what each mode would do. */
function UpdatesSummary({ updates, server }: { updates: PriceUpdates; server: readonly Price[] }) {
  const t = useT();
  const nothing = updates.added.length === 0 && updates.changed.length === 0;
  return (
    <div className="gw-price-updates-summary">
      <div className="gw-chip-row" role="status">
        <Tag round>{t('prices.updates.server_total', { count: updates.serverTotal })}</Tag>
        <Tag round intent="success">
          {t('prices.updates.new_models', { count: updates.added.length })}
        </Tag>
        <Tag round intent="warning">
          {t('prices.updates.changed_models', { count: updates.changed.length })}
        </Tag>
        <Tag round intent="danger">
          {t('prices.updates.removed_models', { count: updates.removed.length })}
        </Tag>
      </div>
      {nothing && <Callout intent="success">{t('prices.updates.none')}</Callout>}
      {updates.added.length > 0 && (
        <section aria-label={t('prices.updates.new_list')}>
          <h4>{t('prices.updates.new_list')}</h4>
          <div className="gw-chip-row">
            {updates.added.map((price) => (
              <Tag key={price.model} minimal round intent="success">
                {price.model}
              </Tag>
            ))}
          </div>
        </section>
      )}
      {updates.changed.length > 0 && (
        <section aria-label={t('prices.updates.changed_list')}>
          <h4>{t('prices.updates.changed_list')}</h4>
          <ul className="gw-price-changes">
            {updates.changed.map((change) => (
              <li key={change.model}>
                <strong>{change.model}</strong> {changeLines(change, t).join('; ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      {updates.removed.length > 0 && (
        <section aria-label={t('prices.updates.removed_list')}>
          <h4>{t('prices.updates.removed_list')}</h4>
          <div className="gw-chip-row">
            {updates.removed.map((price) => (
              <Tag key={price.model} minimal round intent="danger" icon={price.locked ? 'lock' : undefined}>
                {price.model}
              </Tag>
            ))}
          </div>
        </section>
      )}
      <Callout intent="primary">
        <p>{t('prices.updates.modes_note')}</p>
        <ul>
          {MODES.map(({ mode, labelKey }) => (
            <li key={mode}>
              {t('prices.updates.effect', { mode: t(labelKey), ...syncEffect(updates, server, mode) })}
            </li>
          ))}
        </ul>
      </Callout>
    </div>
  );
}

/** "input 15 → 10", "output …", and one line per extra ratio added, removed or modified. */
function changeLines(change: PriceChange, t: ReturnType<typeof useT>): string[] {
  const lines: string[] = [];
  if (change.type) lines.push(t('prices.updates.type_change', change.type));
  if (change.input) lines.push(t('prices.updates.input_change', change.input));
  if (change.output) lines.push(t('prices.updates.output_change', change.output));
  for (const extra of change.extra) {
    lines.push(
      t(`prices.updates.extra_${extra.change}`, { ...extra, kind: t(extraUsageKindKey(extra.kind)) }),
    );
  }
  return lines;
}
