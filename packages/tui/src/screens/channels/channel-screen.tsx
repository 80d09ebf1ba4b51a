import {
  CHANNEL_SCREEN,
  CHANNEL_TAG_FORM,
  type Channel,
  type ChannelTagDetail,
  type ChannelTestReply,
  channelModels,
  isTagRow,
} from '@gw/core';
import { useMemo } from 'react';
import { ResourceForm } from '../../kit/resource-form.js';
import { ResourceScreen } from '../../kit/resource-screen.js';
import type { ScreenExtras } from '../../kit/screen-extras.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';
import { ModelCheckPanel } from './model-check-panel.js';
import { TestAllPanel } from './test-all-panel.js';

const SCREENS = [CHANNEL_SCREEN];

/** The terminal's additions to core's channel screen: `t` tests, `T` tests all live, `M` checks models, tags edit. */
export function channelExtras(saveDir: string): ScreenExtras<Channel> {
  return {
    quickKeys: { test: { key: 't', hintKey: 'tui.keys.test' } },
    results: {
      test: (reply, [channel], t) =>
        t('channels.list.test_took', {
          name: channel?.name ?? '',
          model: channel?.test_model ?? '',
          time: (reply as ChannelTestReply).time.toFixed(2),
        }),
    },
    extras: [
      {
        id: 'test_all',
        key: 'T',
        labelKey: 'channels.actions.test_all',
        hintKey: 'tui.keys.test_all',
        scope: 'list',
        mutates: true,
        replaces: 'test_all',
        panel: ({ close }) => <TestAllPanel onClose={() => close(true)} />,
      },
      {
        id: 'check',
        key: 'M',
        labelKey: 'channels.editor.check.button',
        hintKey: 'tui.keys.check_models',
        scope: 'row',
        mutates: true,
        applies: (channel) => !isTagRow(channel) && channelModels(channel).length > 0,
        // A row panel always opens on a row (the kit checks `applies` first).
        panel: ({ row, close }) => <ModelCheckPanel channel={row as Channel} onClose={() => close(false)} />,
      },
      {
        id: 'edit_tag',
        key: 'E',
        labelKey: 'channels.list.edit_tag',
        hintKey: 'tui.keys.edit_tag',
        scope: 'row',
        mutates: true,
        applies: isTagRow,
        panel: ({ row, close }) => (
          // The tag form reads the whole tag (its keys, one per line) from the row's tag when it opens.
          <ResourceForm
            form={CHANNEL_TAG_FORM}
            row={row as unknown as ChannelTagDetail}
            saveDir={saveDir}
            onClose={close}
          />
        ),
      },
    ],
  };
}

/** Channels through the kit, with the live test run, the model check and the tag editor. */
export function ChannelScreen({ saveDir = process.cwd() }: ItemScreenProps) {
  const extras = useMemo(() => channelExtras(saveDir), [saveDir]);
  return <ResourceScreen screens={SCREENS} saveDir={saveDir} extras={extras} />;
}
