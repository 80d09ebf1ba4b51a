import { AnchorButton, Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import type { UpdateCheck } from '@gw/core';
import { renderMarkdown } from '../../lib/markdown';
import { useT } from '../../lib/use-t';

/** A newer version: its name, its release notes (Markdown, cleaned) and a link to it on GitHub. */
export function UpdateDialog({ update, onClose }: { update: UpdateCheck; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog isOpen onClose={onClose} title={t('options.screen.update_title', { tag: update.tag })}>
      <DialogBody>
        <div
          className="gw-update-notes"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has been through DOMPurify (lib/markdown)
          dangerouslySetInnerHTML={{ __html: renderMarkdown(update.notes) }}
        />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('common.close')} onClick={onClose} />
            <AnchorButton
              intent="primary"
              href={update.url}
              target="_blank"
              rel="noopener noreferrer"
              text={t('options.screen.update_view')}
            />
          </>
        }
      />
    </Dialog>
  );
}
