import { Button, ButtonGroup, Classes, Dialog, DialogBody, NonIdealState } from '@blueprintjs/core';
import { type Midjourney, midjourneyImageFileName } from '@gw/core';
import { useState } from 'react';
import { DropdownMenu } from '../../components/dropdown-menu';
import { copyText } from '../../lib/clipboard';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/media';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

// The few styles of this screen sit here rather than in a stylesheet of its own, so the console shell
// lists one file less for it (the first screen's budget).
const PREVIEW_DIALOG = { width: 'min(900px, calc(100vw - 32px))' };
const PREVIEW_IMAGE = {
  display: 'block',
  maxWidth: '100%',
  maxHeight: 'calc(100vh - 180px)',
  margin: '0 auto',
  objectFit: 'contain',
} as const;

/** Saves the image under `<mj_id>.png` (fetched as a blob, so a cross-origin image keeps the name). */
async function downloadImage(job: Midjourney): Promise<void> {
  const response = await fetch(job.image_url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = midjourneyImageFileName(job);
  link.click();
  URL.revokeObjectURL(url);
}

/** The result image cell: "None", or Show with a menu of copy URL, download and open in a new window. */
export function MidjourneyImageCell({ job, onShow }: { job: Midjourney; onShow: () => void }) {
  const t = useT();
  // Phones show the icon alone; the button keeps its name for screen readers.
  const phone = useMediaQuery(SMALL_SCREEN);
  if (!job.image_url) return <span className={Classes.TEXT_MUTED}>{t('tasks.image.none')}</span>;
  return (
    <ButtonGroup className="gw-mj-image-actions" style={{ whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        icon="media"
        aria-label={t('tasks.image.show')}
        text={phone ? undefined : t('tasks.image.show')}
        onClick={onShow}
      />
      <DropdownMenu
        label={t('tasks.image.more')}
        icon="caret-down"
        floating
        items={[
          {
            key: 'copy',
            text: t('tasks.image.copy_url'),
            icon: 'duplicate',
            onSelect: () => void copyText(job.image_url, t('tasks.image.url'), t),
          },
          {
            key: 'download',
            text: t('tasks.image.download'),
            icon: 'download',
            onSelect: () => void downloadImage(job).catch((error: unknown) => showError(error, t)),
          },
          {
            key: 'open',
            text: t('tasks.image.open'),
            onSelect: () => window.open(job.image_url, '_blank', 'noopener'),
          },
        ]}
      />
    </ButtonGroup>
  );
}

/** The preview dialog: the result image at its size, fitted to the window. */
export function MidjourneyImageDialog({ job, onClose }: { job: Midjourney; onClose: () => void }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const name = job.mj_id || String(job.id);
  return (
    <Dialog isOpen onClose={onClose} title={t('tasks.image.title', { name })} style={PREVIEW_DIALOG}>
      <DialogBody>
        {failed ? (
          <NonIdealState icon="media" title={t('tasks.image.failed')} />
        ) : (
          <img
            src={job.image_url}
            alt={t('tasks.image.title', { name })}
            style={PREVIEW_IMAGE}
            onError={() => setFailed(true)}
          />
        )}
      </DialogBody>
    </Dialog>
  );
}
