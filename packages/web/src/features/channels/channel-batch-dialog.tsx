// The channel batch dialog (console-screens §1.7): set the API version of many Azure channels, or
// remove one model from many channels. Opened by the "Batch processing" button in the page header.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  FormGroup,
  InputGroup,
  NonIdealState,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { type Channel, listChannels, removeModelFromChannels, setChannelsAzureApi } from '@gw/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './channel-batch.css';

const AZURE = 3;
const splitModels = (models: string) =>
  models
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);

interface PickListProps {
  channels: readonly Channel[] | undefined;
  selected: ReadonlySet<number>;
  onSelect: (ids: Set<number>) => void;
  label: (channel: Channel) => string;
}

/** The channels a search found, each with a box, and select / unselect all. */
function PickList({ channels, selected, onSelect, label }: PickListProps) {
  const t = useT();
  if (channels === undefined) return null;
  if (channels.length === 0) return <NonIdealState description={t('channels.editor.batch.none_found')} />;
  return (
    <div className="gw-batch-pick">
      <div className="gw-batch-pick-buttons">
        <Button
          size="small"
          text={t('channels.editor.batch.select_all')}
          onClick={() => onSelect(new Set(channels.map((channel) => channel.id)))}
        />
        <Button
          size="small"
          text={t('channels.editor.batch.unselect_all')}
          onClick={() => onSelect(new Set())}
        />
      </div>
      {channels.map((channel) => (
        <Checkbox
          key={channel.id}
          label={label(channel)}
          checked={selected.has(channel.id)}
          onChange={() => {
            const next = new Set(selected);
            if (next.has(channel.id)) next.delete(channel.id);
            else next.add(channel.id);
            onSelect(next);
          }}
        />
      ))}
    </div>
  );
}

/** Search, pick, apply: the shape both tabs share. */
function useBatchTab() {
  const [found, setFound] = useState<Channel[] | undefined>();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  return { found, setFound, selected, setSelected, busy, setBusy };
}

function AzureVersionTab() {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const tab = useBatchTab();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const search = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const page = await listChannels(client, { type: AZURE, other: current.trim(), page: 1, size: 100 });
      tab.setFound(page.data);
      tab.setSelected(new Set());
    } catch (error) {
      showError(error, t);
    }
  };
  const apply = async () => {
    if (next.trim() === '') {
      showToast('error', t('channels.editor.batch.version_required'));
      return;
    }
    tab.setBusy(true);
    try {
      const count = await setChannelsAzureApi(client, { ids: [...tab.selected], value: next.trim() });
      showToast('success', t('channels.editor.batch.updated', { count }));
      tab.setFound(undefined);
      await queries.invalidateQueries({ queryKey: ['channels'] });
    } catch (error) {
      showError(error, t);
    } finally {
      tab.setBusy(false);
    }
  };
  return (
    <>
      <form className="gw-batch-search" onSubmit={(event) => void search(event)}>
        <InputGroup
          aria-label={t('channels.editor.batch.current_version')}
          placeholder={t('channels.editor.batch.current_version')}
          value={current}
          onValueChange={setCurrent}
        />
        <Button type="submit" icon="search" text={t('channels.editor.batch.search')} />
      </form>
      <PickList
        channels={tab.found}
        selected={tab.selected}
        onSelect={tab.setSelected}
        label={(channel) =>
          t('channels.editor.batch.channel', { name: channel.name, version: channel.other })
        }
      />
      {tab.found && tab.found.length > 0 && (
        <div className="gw-batch-search">
          <InputGroup
            aria-label={t('channels.editor.batch.new_version')}
            placeholder={t('channels.editor.batch.new_version')}
            value={next}
            onValueChange={setNext}
          />
          <Button
            intent="primary"
            loading={tab.busy}
            disabled={tab.selected.size === 0}
            text={t('channels.editor.batch.apply')}
            onClick={() => void apply()}
          />
        </div>
      )}
    </>
  );
}

function DeleteModelTab() {
  const t = useT();
  const { client } = useApp();
  const queries = useQueryClient();
  const tab = useBatchTab();
  const [model, setModel] = useState('');
  const [searched, setSearched] = useState('');
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = model.trim();
    if (!wanted) {
      showToast('error', t('channels.editor.batch.model_required'));
      return;
    }
    try {
      const page = await listChannels(client, { models: wanted, page: 1, size: 100 });
      // Removing a channel's only model would leave it with none: such channels are not offered.
      tab.setFound(
        page.data.filter((channel) => {
          const models = splitModels(channel.models);
          return models.length > 1 && models.includes(wanted);
        }),
      );
      tab.setSelected(new Set());
      setSearched(wanted);
    } catch (error) {
      showError(error, t);
    }
  };
  const remove = async () => {
    tab.setBusy(true);
    try {
      const count = await removeModelFromChannels(client, { ids: [...tab.selected], value: searched });
      showToast('success', t('channels.editor.batch.deleted', { count }));
      tab.setFound(undefined);
      await queries.invalidateQueries({ queryKey: ['channels'] });
    } catch (error) {
      showError(error, t);
    } finally {
      tab.setBusy(false);
    }
  };
  return (
    <>
      <Callout intent="primary" className="gw-batch-info">
        {t('channels.editor.batch.model_info')}
      </Callout>
      <form className="gw-batch-search" onSubmit={(event) => void search(event)}>
        <InputGroup
          aria-label={t('channels.editor.batch.model')}
          placeholder={t('channels.editor.batch.model')}
          value={model}
          onValueChange={setModel}
        />
        <Button type="submit" icon="search" text={t('channels.editor.batch.search')} />
      </form>
      <PickList
        channels={tab.found}
        selected={tab.selected}
        onSelect={tab.setSelected}
        label={(channel) => channel.name}
      />
      {tab.found && tab.found.length > 0 && (
        <FormGroup>
          <Button
            intent="danger"
            icon="trash"
            loading={tab.busy}
            disabled={tab.selected.size === 0}
            text={t('channels.editor.batch.delete')}
            onClick={() => void remove()}
          />
        </FormGroup>
      )}
    </>
  );
}

export function ChannelBatchDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('channels.editor.batch.title')}
      className="gw-batch-dialog"
    >
      <DialogBody>
        <Tabs id="channel-batch" renderActiveTabPanelOnly>
          <Tab id="azure" title={t('channels.editor.batch.azure_tab')} panel={<AzureVersionTab />} />
          <Tab id="model" title={t('channels.editor.batch.model_tab')} panel={<DeleteModelTab />} />
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
