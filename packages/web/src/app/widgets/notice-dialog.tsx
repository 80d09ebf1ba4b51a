import { Dialog, DialogBody } from '@blueprintjs/core';
import { useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown';
import { useT } from '../../lib/use-t';

/** The announcement dialog, titled "Announcement"; the markdown is shown as HTML. */
export function NoticeDialog({
  notice,
  open,
  onClose,
}: {
  notice: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const html = useMemo(() => renderMarkdown(notice), [notice]);
  return (
    <Dialog isOpen={open} onClose={onClose} title={t('common.notice')}>
      <DialogBody>
        {notice ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown cleans its HTML with DOMPurify
          <div className="gw-notice" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p>{t('web.no_notice')}</p>
        )}
      </DialogBody>
    </Dialog>
  );
}
