import { Button, Callout } from '@blueprintjs/core';
import './channel-list.css';
import { CHANNEL_SCREEN, type Channel, channelRowKey, channelRowName, isTagRow } from '@gw/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { CellSlot, RowSlots } from '../../kit/resource-table';
import { ResourceScreen } from '../../kit/resource-screen';
import { ChannelBatchButton } from './channel-batch-button';
import { CHANNEL_EDITOR_EXTRAS, ChannelTagEditor } from './channel-editor';
import { useT } from '../../lib/use-t';
import { ChannelMoreMenu, SpeedTestMenu } from './channel-row-actions';
import {
  BalanceButton,
  GroupChips,
  ResponseTimeChip,
  ChannelStatus,
  TypeChip,
  UsedQuota,
} from './channel-row-cells';
import { ChannelRowDetail } from './channel-row-detail';
import { ChannelTagChannels } from './channel-tag-channels';
import { TagActions, TagChip, TagPriority, TagStatusButtons } from './channel-tag-row';

/**
 * The admin channel screen (console-screens §1): the kit draws core's description; this page draws the
 * cells that act (tag rows, response time, balance, inline priority and weight), the opened rows and
 * the row actions (§1.3).
 */
export function ChannelPage() {
  const [editingTag, setEditingTag] = useState<Channel | undefined>();
  const [checking, setChecking] = useState<Channel | undefined>();
  const slots = useMemo(() => channelSlots({ editTag: setEditingTag, check: setChecking }), []);
  return (
    <ResourceScreen
      screen={CHANNEL_LIST_SCREEN}
      slots={slots}
      banner={<PriorityRules />}
      formExtras={CHANNEL_EDITOR_EXTRAS}
      headerActions={<ChannelBatchButton />}
      merged={USED_AND_BALANCE}
    >
      {editingTag && <ChannelTagEditor tag={editingTag.tag} onClose={() => setEditingTag(undefined)} />}
      {checking && (
        <Suspense fallback={null}>
          <ChannelCheckDialog channel={checking} isOpen onClose={() => setChecking(undefined)} />
        </Suspense>
      )}
    </ResourceScreen>
  );
}

// The check dialog loads when first opened, keeping the channel route within its budget.
const ChannelCheckDialog = lazy(() =>
  import('./channel-check-dialog').then((module) => ({ default: module.ChannelCheckDialog })),
);

/**
 * The priority and weight rules above the list (console-screens §1.1): a paragraph, so the web shows it
 * here rather than as the screen's one-line notice, which the terminal gives a single row.
 */
function PriorityRules() {
  const t = useT();
  return (
    <Callout intent="primary" icon="info-sign" className="gw-channel-rules">
      {t('channels.list.notice')}
    </Callout>
  );
}

/** The balance sits beside the used quota in one "Used / Balance" column (§1.3). */
const USED_AND_BALANCE = { balance: 'used_quota' };

/** The screen as core describes it, its rows keyed and named as core's list rules say (tag rows by tag). */
const CHANNEL_LIST_SCREEN: typeof CHANNEL_SCREEN = {
  ...CHANNEL_SCREEN,
  rowKey: channelRowKey,
  rowName: channelRowName,
};

/** What the page opens over the list: the tag editor and the model check of one channel. */
interface Opened {
  editTag: (row: Channel) => void;
  check: (channel: Channel) => void;
}

function channelSlots(opened: Opened): RowSlots<Channel> {
  return {
    cell: channelCell,
    expand: (row) =>
      isTagRow(row)
        ? () => <ChannelTagChannels tag={row.tag} onCheck={opened.check} />
        : () => <ChannelRowDetail channel={row} />,
    actions: (row, kit) =>
      isTagRow(row) ? (
        <TagActions row={row} onEdit={opened.editTag} />
      ) : (
        <ChannelActions channel={row} onEdit={kit.edit} onCheck={opened.check} />
      ),
  };
}

/** The cells a channel row draws itself; the rest are core's text. */
function channelCell(row: Channel, column: string): CellSlot | undefined {
  const tag = isTagRow(row);
  switch (column) {
    case 'id':
      return { content: tag ? <TagChip /> : row.id };
    case 'name':
      return { content: tag ? row.tag : row.name };
    case 'group':
      return { content: <GroupChips channel={row} /> };
    case 'type':
      return { content: <TypeChip channel={row} /> };
    case 'status':
      return { content: tag ? <TagStatusButtons row={row} /> : <ChannelStatus channel={row} /> };
    case 'response_time':
      return { content: tag ? null : <ResponseTimeChip channel={row} /> };
    case 'used_quota':
      return {
        content: tag ? null : (
          <span className="gw-used-balance">
            <UsedQuota channel={row} />
            <BalanceButton channel={row} />
          </span>
        ),
      };
    case 'priority':
      // A tag has one priority and no weight: its field covers both columns. A channel's priority and
      // weight are the kit's inline numbers (core's inlineNumbers).
      return tag ? { content: <TagPriority row={row} />, span: 2 } : undefined;
    default:
      return undefined;
  }
}

function ChannelActions({
  channel,
  onEdit,
  onCheck,
}: {
  channel: Channel;
  onEdit?: () => void;
  onCheck: (channel: Channel) => void;
}) {
  const t = useT();
  return (
    <span className="gw-row-buttons">
      <SpeedTestMenu channel={channel} />
      {onEdit && (
        <Button
          variant="minimal"
          size="small"
          icon="edit"
          aria-label={t('common.edit')}
          title={t('common.edit')}
          onClick={onEdit}
        />
      )}
      <ChannelMoreMenu channel={channel} onCheck={onCheck} />
    </span>
  );
}
