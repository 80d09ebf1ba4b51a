// The cells and actions of a tag row (console-screens §1.3): the "Tag" chip, enable / disable all, the
// tag's priority, edit in tag mode and delete the tag with its channels.
import { Button, type IconName, Tag } from '@blueprintjs/core';
import { CHANNEL_TAG_PRIORITY_INLINE, type Channel, deleteChannelTag, setChannelTagStatus } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { ConfirmDialog } from '../../kit/confirm-dialog';
import { useEntityChange } from '../../kit/mutations';
import { useT } from '../../lib/use-t';
import { CHANNELS } from './channel-row-cells';
import { InlineNumber } from '../../kit/inline-number';

export function TagChip() {
  const t = useT();
  return (
    <Tag intent="primary" round>
      {t('channels.list.tag_chip')}
    </Tag>
  );
}

interface Asked {
  icon: IconName;
  intent: 'primary' | 'danger';
  labelKey: string;
  questionKey: string;
  run: () => Promise<unknown>;
  doneKey: string;
}

/** A button that asks first, then runs against the server and reloads every channel list. */
function AskedButton({ asked, tag }: { asked: Asked; tag: string }) {
  const t = useT();
  const change = useEntityChange(CHANNELS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="minimal"
        size="small"
        icon={asked.icon}
        intent={asked.intent === 'danger' ? 'danger' : undefined}
        aria-label={t(asked.labelKey)}
        title={t(asked.labelKey)}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        isOpen={open}
        title={t(asked.questionKey, { name: tag })}
        actionText={t(asked.labelKey)}
        intent={asked.intent}
        icon={asked.icon}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void change(asked.run, asked.doneKey);
        }}
      />
    </>
  );
}

/** In place of a status switch: enable all / disable all of the tag's channels. */
export function TagStatusButtons({ row }: { row: Channel }) {
  const { client } = useApp();
  return (
    <span className="gw-tag-status">
      {(['enable', 'disable'] as const).map((action) => (
        <AskedButton
          key={action}
          tag={row.tag}
          asked={{
            icon: action === 'enable' ? 'play' : 'pause',
            intent: 'primary',
            labelKey: `channels.list.${action}_all`,
            questionKey: `channels.list.confirm_${action}_all`,
            run: () => setChannelTagStatus(client, row.tag, action),
            doneKey: `channels.list.tag_${action}d`,
          }}
        />
      ))}
    </span>
  );
}

/** The tag's priority, written to every channel of the tag. */
export function TagPriority({ row }: { row: Channel }) {
  return <InlineNumber def={CHANNEL_TAG_PRIORITY_INLINE} row={row} name={row.tag} entity={CHANNELS} />;
}

/** Edit opens the editor in tag mode; delete removes the tag's channels after a red question. */
export function TagActions({ row, onEdit }: { row: Channel; onEdit: (row: Channel) => void }) {
  const t = useT();
  const { client } = useApp();
  return (
    <span className="gw-row-buttons">
      <Button
        variant="minimal"
        size="small"
        icon="edit"
        aria-label={t('channels.list.edit_tag')}
        title={t('channels.list.edit_tag')}
        onClick={() => onEdit(row)}
      />
      <AskedButton
        tag={row.tag}
        asked={{
          icon: 'trash',
          intent: 'danger',
          labelKey: 'channels.list.delete_tag',
          questionKey: 'channels.list.confirm_delete_tag',
          run: () => deleteChannelTag(client, row.tag),
          doneKey: 'channels.list.tag_deleted',
        }}
      />
    </span>
  );
}
