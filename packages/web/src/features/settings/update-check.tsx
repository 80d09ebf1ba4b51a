// "Check update" of the Other tab (console-screens §24.3): asks GitHub from the browser, then says the
// version is the latest or shows the new one with its notes (the dialog loads when first needed).
import { Button } from '@blueprintjs/core';
import { checkForUpdate, type UpdateCheck } from '@gw/core';
import { lazy, Suspense, useState } from 'react';
import { useServerStep } from '../../kit/mutations';
import { showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

const UpdateDialog = lazy(() =>
  import('./update-dialog').then((module) => ({ default: module.UpdateDialog })),
);

export function UpdateCheckButton({ version }: { version: string }) {
  const t = useT();
  const { busy, run } = useServerStep();
  const [found, setFound] = useState<UpdateCheck | undefined>();
  const check = () =>
    run(async () => {
      const result = await checkForUpdate((url, init) => fetch(url, init), version);
      if (result.latest) showToast('success', t('options.screen.update_latest'));
      else setFound(result);
    });
  return (
    <>
      <Button
        icon="updated"
        text={t('options.screen.check_update')}
        loading={busy}
        onClick={() => void check()}
      />
      {found && (
        <Suspense fallback={null}>
          <UpdateDialog update={found} onClose={() => setFound(undefined)} />
        </Suspense>
      )}
    </>
  );
}
