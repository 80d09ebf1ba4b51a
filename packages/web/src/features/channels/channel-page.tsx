import { CHANNEL_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';
import { ChannelBatchButton } from './channel-batch-button';
import { CHANNEL_EDITOR_EXTRAS } from './channel-editor';

/**
 * The admin channel screen (console-screens §3), drawn by the kit from core's description; the tag
 * rows, inline priority and weight, model selector, check and batch dialogs are not drawn yet.
 */
export function ChannelPage() {
  return (
    <ResourceScreen
      screen={CHANNEL_SCREEN}
      formExtras={CHANNEL_EDITOR_EXTRAS}
      headerActions={<ChannelBatchButton />}
    />
  );
}
