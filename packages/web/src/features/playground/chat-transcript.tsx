import type { ChatTurn } from '@gw/core';
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/use-t';

/** The conversation so far, the reply growing as it streams in; kept scrolled to its end. */
export function ChatTranscript({ turns, streaming }: { turns: readonly ChatTurn[]; streaming: boolean }) {
  const t = useT();
  const end = useRef<HTMLDivElement>(null);
  const last = turns.at(-1)?.content ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new piece of the reply scrolls into view
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [turns.length, last]);
  if (turns.length === 0)
    return <p className="gw-transcript gw-transcript-empty bp6-text-muted">{t('playground.empty_chat')}</p>;
  return (
    <div className="gw-transcript" aria-live="polite" aria-busy={streaming}>
      {turns.map((turn, index) => {
        const replying = streaming && index === turns.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: turns are only ever appended
          <div key={index} className={`gw-turn gw-turn-${turn.role}`} data-role={turn.role}>
            <div className="gw-turn-who">
              {t(turn.role === 'user' ? 'playground.you' : 'playground.assistant')}
            </div>
            <div className="gw-turn-text">
              {turn.content}
              {replying && <span className="gw-caret">{turn.content ? '▍' : t('playground.receiving')}</span>}
            </div>
          </div>
        );
      })}
      <div ref={end} />
    </div>
  );
}
