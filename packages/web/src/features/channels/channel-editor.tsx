// The channel editor (console-screens §1.4) is the kit's form dialog over core's CHANNEL_FORM; this file
// adds what only a browser does: the model buttons with the provider model selector and the model
// check, the notice of a channel locked by its tag, and the tag editor opener.
import { Callout } from '@blueprintjs/core';
import { CHANNEL_TAG_FORM, type ChannelFormValues, type ChannelTagDetail } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { FormDialog, type ValuesDialogExtras } from '../../kit/form-dialog';
import { queryClient } from '../../kit/query-client';
import { useT } from '../../lib/use-t';
import './channel-editor.css';
// The buttons (and their dialogs) load with the first form: the channel route's own chunk stays small.
const ModelButtons = lazy(() =>
  import('./channel-model-buttons').then((module) => ({ default: module.ModelButtons })),
);

/** The notice above a channel whose tag-only fields are locked. */
function LockedNotice({ tag }: { tag: string }) {
  const t = useT();
  return (
    <Callout intent="warning" className="gw-channel-locked">
      {t('channels.editor.locked_by_tag', { tag })}
    </Callout>
  );
}

/** What the channel screen adds to the kit's form dialog (pass as `formExtras` / `extras`). */
export const CHANNEL_EDITOR_EXTRAS: ValuesDialogExtras<ChannelFormValues> = {
  className: 'gw-channel-editor',
  banner: (values) => (values.locked ? <LockedNotice tag={values.tag} /> : null),
  addons: {
    models: (api) => (
      <Suspense fallback={null}>
        <ModelButtons api={api} />
      </Suspense>
    ),
  },
};

/**
 * The editor in tag mode (§1.4): opened on a tag row with its name; loads `GET /api/channel_tag/:tag`,
 * saves `PUT /api/channel_tag/:tag`, and refreshes the channel lists.
 */
export function ChannelTagEditor({ tag, onClose }: { tag: string; onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <FormDialog
        form={CHANNEL_TAG_FORM}
        entity="channels"
        row={{ tag } as ChannelTagDetail}
        titleKey="channels.editor.tag_title"
        titleParams={{ tag }}
        doneKey="channels.editor.updated"
        extras={CHANNEL_EDITOR_EXTRAS}
        onClose={onClose}
      />
    </QueryClientProvider>
  );
}
