import { Button } from '@blueprintjs/core';
import { getNotice } from '@gw/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { readSeenNotice, writeSeenNotice } from '../../lib/storage';
import { useT } from '../../lib/use-t';
import { useApp } from '../app-context';

// The dialog's overlay code and the markdown renderer load the first time there is something to show.
const NoticeDialog = lazy(() =>
  import('./notice-dialog').then((module) => ({ default: module.NoticeDialog })),
);

/**
 * The notice button of both headers (console-screens §0.4–0.5), and the announcement behind it: fetched
 * when the header appears, it opens by itself when it differs from the one this browser saw last (which
 * is then remembered); the button opens it again. A failed fetch means "no notice".
 */
export function NoticeButton() {
  const t = useT();
  const { client } = useApp();
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    let live = true;
    getNotice(client)
      .then((text) => {
        if (!live) return;
        setNotice(text);
        if (text && text !== readSeenNotice()) {
          setOpen(true);
          writeSeenNotice(text);
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  return (
    <>
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('common.notice')}
        onClick={() => setOpen(true)}
      />
      {(open || used) && (
        <Suspense fallback={null}>
          <NoticeDialog notice={notice} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
