import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { getNotice } from '@gw/core';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../lib/use-t';
import { renderMarkdown } from '../../lib/markdown';
import { readSeenNotice, writeSeenNotice } from '../../lib/storage';
import { useApp } from '../app-context';

/**
 * The notice button and dialog: the announcement opens by itself when it differs from the one
 * last seen here (then it is remembered); a failed fetch means "no notice".
 */
export function NoticeButton() {
  const t = useT();
  const { client } = useApp();
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState(false);
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
  const html = useMemo(() => renderMarkdown(notice), [notice]);
  return (
    <>
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('common.notice')}
        onClick={() => setOpen(true)}
      />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('common.notice')}>
        <DialogBody>
          {notice ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes the source before adding its own tags
            <div className="gw-notice" dangerouslySetInnerHTML={{ __html: html }} />
          ) : (
            <p>{t('web.no_notice')}</p>
          )}
        </DialogBody>
      </Dialog>
    </>
  );
}
