// A channel's own actions (console-screens §1.3): the speed-test menu of its models and the "⋯" menu
// with copy, check, the provider's website, leaving its tag and delete.
import { Button } from '@blueprintjs/core';
import {
  type Channel,
  channelModels,
  channelTypeWebsite,
  clearChannelTag,
  cloneChannel,
  CHANNEL_SCREEN,
  cloneName,
} from '@gw/core';
import { useState } from 'react';
import { useApp } from '../../app/app-context';
import { type DropdownItem, DropdownMenu } from '../../components/dropdown-menu';
import { ConfirmAction } from '../../kit/confirm-action';
import { useEntityChange } from '../../kit/mutations';
import { useT } from '../../lib/use-t';
import { CHANNELS, useChannelTest } from './channel-row-cells';

/** The gauge: a menu of the channel's models, each tested on its own (single model: tested at once). */
export function SpeedTestMenu({ channel }: { channel: Channel }) {
  const t = useT();
  const { test, busy } = useChannelTest();
  const models = channelModels(channel);
  const label = t('channels.list.speed_test', { name: channel.name });
  if (models.length <= 1)
    return (
      <Button
        variant="minimal"
        size="small"
        icon="dashboard"
        aria-label={label}
        loading={busy}
        disabled={models.length === 0}
        onClick={() => void test(channel, models[0])}
      />
    );
  return (
    <DropdownMenu
      label={label}
      icon="dashboard"
      floating
      items={models.map((model) => ({
        key: model,
        text: model,
        onSelect: () => void test(channel, model),
      }))}
    />
  );
}

/** Core's delete of a channel row: its question, its call and its toast. */
const DELETE_ACTION = CHANNEL_SCREEN.rowActions.find((action) => action.id === 'delete');

interface MoreMenuProps {
  channel: Channel;
  /** Opens the model check dialog for this channel. */
  onCheck: (channel: Channel) => void;
  /** In a tag's sub-table: offers taking the channel out of its tag. */
  inTag?: boolean;
}

export function ChannelMoreMenu({ channel, onCheck, inTag }: MoreMenuProps) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(CHANNELS);
  const [deleting, setDeleting] = useState(false);
  const website = channelTypeWebsite(channel.type);
  const items: DropdownItem[] = [
    {
      key: 'copy',
      text: t('channels.actions.copy'),
      icon: 'duplicate',
      onSelect: () =>
        void change(() => cloneChannel(client, channel.id), 'channels.list.copied_as', {
          name: cloneName(channel.name),
        }),
    },
    { key: 'check', text: t('channels.list.check'), icon: 'diagnosis', onSelect: () => onCheck(channel) },
  ];
  if (website)
    items.push({
      key: 'website',
      text: t('channels.list.website'),
      icon: 'globe-network',
      onSelect: () => window.open(website, '_blank', 'noopener,noreferrer'),
    });
  if (inTag)
    items.push({
      key: 'untag',
      text: t('channels.list.remove_from_tag'),
      icon: 'tag',
      onSelect: () =>
        void change(() => clearChannelTag(client, channel.id), 'channels.list.removed_from_tag'),
    });
  items.push({ key: 'delete', text: t('common.delete'), icon: 'trash', onSelect: () => setDeleting(true) });
  return (
    <>
      <DropdownMenu
        label={t('web.kit.more_actions', { name: channel.name })}
        icon="more"
        floating
        items={items}
      />
      <ConfirmAction
        action={deleting ? DELETE_ACTION : undefined}
        name={channel.name}
        count={1}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          if (DELETE_ACTION)
            void change(() => DELETE_ACTION.run(client, [channel]), DELETE_ACTION.doneKey, {
              name: channel.name,
            });
        }}
      />
    </>
  );
}
