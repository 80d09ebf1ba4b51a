// The channel batch dialog (console-screens §1.7): set the API version of many Azure channels, or
// remove one model from many channels (core's CHANNEL_BATCH_TABS). Opened by the "Batch processing"
// button in the page header.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  type IconName,
  InputGroup,
  NonIdealState,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import {
  CHANNEL_BATCH_TABS,
  CHANNEL_SCREEN,
  type Channel,
  type ChannelBatchTab as ChannelBatchTabDef,
  toggleInSet,
} from '@gw/core';
import { type FormEvent, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useEntityChange } from '../../kit/mutations';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './channel-batch.css';

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
          onChange={() => onSelect(toggleInSet(selected, channel.id))}
        />
      ))}
    </div>
  );
}

/** One tab of core's description: search, pick, apply (with a value typed first where it asks one). */
function BatchTab({ tab }: { tab: ChannelBatchTabDef }) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(CHANNEL_SCREEN.entity);
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  const [value, setValue] = useState('');
  const [found, setFound] = useState<Channel[] | undefined>();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    if (!wanted && tab.searchRequiredKey) {
      showToast('error', t(tab.searchRequiredKey));
      return;
    }
    try {
      setFound(await tab.search(client, wanted));
      setSelected(new Set());
      setSearched(wanted);
    } catch (error) {
      showError(error, t);
    }
  };
  const apply = async () => {
    if (tab.value && value.trim() === '') {
      showToast('error', t(tab.value.requiredKey));
      return;
    }
    setBusy(true);
    const done = await change(
      () => tab.apply.run(client, [...selected], searched, value.trim()),
      tab.apply.doneKey,
      (count) => ({ count }),
    );
    setBusy(false);
    if (done) setFound(undefined);
  };
  const searchLabel = t(tab.searchLabelKey);
  return (
    <>
      {tab.noticeKey && (
        <Callout intent="primary" className="gw-batch-info">
          {t(tab.noticeKey)}
        </Callout>
      )}
      <form className="gw-batch-search" onSubmit={(event) => void search(event)}>
        <InputGroup aria-label={searchLabel} placeholder={searchLabel} value={text} onValueChange={setText} />
        <Button type="submit" icon="search" text={t('channels.editor.batch.search')} />
      </form>
      <PickList
        channels={found}
        selected={selected}
        onSelect={setSelected}
        label={(channel) => tab.channelLabel(channel, t)}
      />
      {found && found.length > 0 && (
        <div className="gw-batch-search">
          {tab.value && (
            <InputGroup
              aria-label={t(tab.value.labelKey)}
              placeholder={t(tab.value.labelKey)}
              value={value}
              onValueChange={setValue}
            />
          )}
          <Button
            intent={tab.apply.intent}
            icon={tab.apply.icon as IconName | undefined}
            loading={busy}
            disabled={selected.size === 0}
            text={t(tab.apply.labelKey)}
            onClick={() => void apply()}
          />
        </div>
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
          {CHANNEL_BATCH_TABS.map((tab) => (
            <Tab key={tab.id} id={tab.id} title={t(tab.titleKey)} panel={<BatchTab tab={tab} />} />
          ))}
        </Tabs>
      </DialogBody>
    </Dialog>
  );
}
