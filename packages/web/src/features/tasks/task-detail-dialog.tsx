import { Dialog, DialogBody, NonIdealState } from '@blueprintjs/core';
import { type SunoTrack, SUNO_LYRICS_PREVIEW, type Task, taskDetail, truncateText } from '@gw/core';
import { useMemo, useState } from 'react';
import { useT } from '../../lib/use-t';
import { JsonBlock } from '../../kit/json-block';
import './tasks.css';

/** A task's result (§21): "no data", a Suno music task's player, or the result as highlighted JSON. */
export function TaskDetailDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const t = useT();
  const detail = useMemo(() => taskDetail(task), [task]);
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('tasks.detail.title', { name: task.task_id || String(task.id) })}
      className="gw-task-detail"
    >
      <DialogBody>
        {detail.kind === 'empty' && <NonIdealState icon="info-sign" title={t('tasks.detail.no_data')} />}
        {detail.kind === 'json' && <JsonBlock text={detail.text} />}
        {detail.kind === 'suno' && <SunoPlayer tracks={detail.tracks} />}
      </DialogBody>
    </Dialog>
  );
}

/** The tracks with cover, title and the start of the lyrics; the chosen one opens its players and texts. */
function SunoPlayer({ tracks }: { tracks: readonly SunoTrack[] }) {
  const t = useT();
  const [chosen, setChosen] = useState(tracks[0]?.id ?? '');
  return (
    <section aria-label={t('tasks.detail.tracks')} className="gw-suno">
      {tracks.map((track) => {
        const open = track.id === chosen;
        const title = track.title || t('tasks.detail.untitled');
        return (
          <article key={track.id} className={open ? 'gw-suno-track gw-suno-open' : 'gw-suno-track'}>
            <button
              type="button"
              className="gw-suno-head"
              aria-expanded={open}
              onClick={() => setChosen(open ? '' : track.id)}
            >
              {track.cover && <img src={track.cover} alt="" loading="lazy" />}
              <span>
                <strong>{title}</strong>
                {track.tags && <small>{track.tags}</small>}
                <small>{truncateText(track.lyrics, SUNO_LYRICS_PREVIEW)}</small>
              </span>
            </button>
            {open && (
              <div className="gw-suno-body">
                {track.audioUrl && (
                  // biome-ignore lint/a11y/useMediaCaption: generated music has no caption track.
                  <audio controls src={track.audioUrl} aria-label={`${t('tasks.detail.audio')} ${title}`} />
                )}
                {track.videoUrl && (
                  // biome-ignore lint/a11y/useMediaCaption: generated music has no caption track.
                  <video controls src={track.videoUrl} aria-label={`${t('tasks.detail.video')} ${title}`} />
                )}
                {track.lyrics && (
                  <>
                    <h4>{t('tasks.detail.lyrics')}</h4>
                    <pre className="gw-code">{track.lyrics}</pre>
                  </>
                )}
                <details>
                  <summary>{t('tasks.detail.raw')}</summary>
                  <JsonBlock text={track.raw} />
                </details>
              </div>
            )}
          </article>
        );
      })}
    </section>
  );
}
