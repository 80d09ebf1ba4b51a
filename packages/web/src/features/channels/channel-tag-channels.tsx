// The channels of one tag, under its opened row (console-screens §1.3): paged in the client, each with
// its switch, balance, response time, priority, test, quick edit and menu; the selected ones deleted
// together.
import { Button, Checkbox, HTMLSelect, HTMLTable, ProgressBar, Tag } from '@blueprintjs/core';
import {
  CHANNEL_PRIORITY_INLINE,
  CHANNEL_QUICK_EDIT_FIELDS,
  CHANNEL_SCREEN,
  type Channel,
  channelQuickEditSchema,
  listTagChannels,
  PAGE_SIZES,
  pageOf,
  saveChannelQuickEdit,
  selectionState,
  toggleAllSelected,
  toggleInSet,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApp } from '../../app/app-context';
import { ValuesDialog } from '../../kit/form-dialog';
import { ConfirmAction } from '../../kit/confirm-action';
import { useEntityChange } from '../../kit/mutations';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { Pager } from '../../kit/pager';
import { ChannelMoreMenu, SpeedTestMenu } from './channel-row-actions';
import { BalanceButton, CHANNELS, ChannelStatus, ResponseTimeChip, UsedQuota } from './channel-row-cells';
import { InlineNumber } from '../../kit/inline-number';

/** Core's delete of the selected channels: its question, its call and its toast. */
const BATCH_DELETE = CHANNEL_SCREEN.batchActions?.find((action) => action.id === 'batch_delete');

interface TagChannelsProps {
  tag: string;
  onCheck: (channel: Channel) => void;
}

export function ChannelTagChannels({ tag, onCheck }: TagChannelsProps) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(CHANNELS);
  const members = useQuery({ queryKey: [CHANNELS, 'tag', tag], queryFn: () => listTagChannels(client, tag) });
  useEffect(() => {
    if (members.error) showError(members.error, t);
  }, [members.error, t]);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<number>(PAGE_SIZES[0]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const [quickEdit, setQuickEdit] = useState<Channel | undefined>();
  const all = members.data ?? [];
  const shown = pageOf(all, page, size);
  const ids = shown.map((channel) => channel.id);
  const state = selectionState(selected, ids);
  // Only members still listed count (a deleted one leaves the selection with the reload).
  const chosen = all.filter((channel) => selected.has(channel.id)).map((channel) => channel.id);
  const toggle = (id: number) => setSelected(toggleInSet(selected, id));
  return (
    <section className="gw-tag-channels" aria-label={t('channels.list.tag_channels', { name: tag })}>
      <div className="gw-tag-channels-bar">
        <Tag minimal round>
          {t('channels.list.members', { count: all.length })}
        </Tag>
        <Button
          variant="minimal"
          size="small"
          icon="refresh"
          aria-label={t('channels.list.refresh_members', { name: tag })}
          onClick={() => void members.refetch()}
        />
        {chosen.length > 0 && (
          <Button
            size="small"
            intent="danger"
            icon="trash"
            text={t('channels.list.batch_delete', { count: chosen.length })}
            onClick={() => setDeleting(true)}
          />
        )}
      </div>
      {members.isFetching && <ProgressBar intent="primary" className="gw-table-progress" />}
      <div className="gw-table-wrap">
        <HTMLTable compact className="gw-table">
          <thead>
            <tr>
              <th className="gw-select-cell">
                <Checkbox
                  aria-label={t('channels.list.select_all_members')}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  onChange={() => setSelected(toggleAllSelected(selected, ids))}
                />
              </th>
              <th>{t('channels.fields.name')}</th>
              <th>{t('channels.fields.status')}</th>
              <th>
                {t('channels.fields.used_quota')} / {t('channels.fields.balance')}
              </th>
              <th>{t('channels.fields.response_time')}</th>
              <th>{t('channels.fields.priority')}</th>
              <th>{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((channel) => (
              <tr key={channel.id}>
                <td className="gw-select-cell">
                  <Checkbox
                    aria-label={t('channels.list.select_member', { name: channel.name })}
                    checked={selected.has(channel.id)}
                    onChange={() => toggle(channel.id)}
                  />
                </td>
                <td>{`${channel.id} - ${channel.name}`}</td>
                <td>
                  <ChannelStatus channel={channel} />
                </td>
                <td>
                  <span className="gw-used-balance">
                    <UsedQuota channel={channel} />
                    <BalanceButton channel={channel} />
                  </span>
                </td>
                <td>
                  <ResponseTimeChip channel={channel} />
                </td>
                <td>
                  <InlineNumber
                    def={CHANNEL_PRIORITY_INLINE}
                    row={channel}
                    name={channel.name}
                    entity={CHANNELS}
                  />
                </td>
                <td>
                  <span className="gw-row-buttons">
                    <SpeedTestMenu channel={channel} />
                    <Button
                      variant="minimal"
                      size="small"
                      icon="edit"
                      aria-label={t('channels.list.quick_edit')}
                      title={t('channels.list.quick_edit')}
                      onClick={() => setQuickEdit(channel)}
                    />
                    <ChannelMoreMenu channel={channel} onCheck={onCheck} inTag />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div className="gw-table-footer">
        <HTMLSelect
          aria-label={t('common.rows_per_page')}
          value={size}
          onChange={(event) => {
            setSize(Number(event.currentTarget.value));
            setPage(1);
          }}
          options={PAGE_SIZES.map((option) => ({ value: option, label: String(option) }))}
        />
        <Pager page={page} size={size} total={all.length} onPage={setPage} />
      </div>
      <ConfirmAction
        action={deleting ? BATCH_DELETE : undefined}
        count={chosen.length}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          const targets = all.filter((channel) => selected.has(channel.id));
          if (BATCH_DELETE)
            void change(
              () => BATCH_DELETE.run(client, targets),
              BATCH_DELETE.doneKey,
              (answer) => ({
                count: answer,
              }),
            ).then(() => setSelected(new Set()));
        }}
      />
      {quickEdit && (
        <ValuesDialog
          fields={CHANNEL_QUICK_EDIT_FIELDS}
          schema={channelQuickEditSchema}
          initialValues={{ name: quickEdit.name, key: quickEdit.key }}
          mode="edit"
          entity={CHANNELS}
          titleKey="channels.list.quick_edit"
          doneKey="channels.messages.updated"
          save={(values) => saveChannelQuickEdit(client, quickEdit.id, values)}
          onClose={() => setQuickEdit(undefined)}
        />
      )}
    </section>
  );
}
