import { Button } from '@blueprintjs/core';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../lib/use-t';

// The dialog loads when first opened: the channel route's own chunk stays small.
const ChannelBatchDialog = lazy(() =>
  import('./channel-batch-dialog').then((module) => ({ default: module.ChannelBatchDialog })),
);

/** The channel page header's "Batch processing" button with its dialog (console-screens §1.7). */
export function ChannelBatchButton() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon="layers" text={t('channels.editor.batch.button')} onClick={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <ChannelBatchDialog isOpen onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
