import { Card, Spinner } from '@blueprintjs/core';
import { describeChatRequest, formatCallCost } from '@gw/core';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';
import type { PlaygroundCall } from './use-playground';

/** Beside the chat: the last request as sent, and its cost from the consume log (with tokens and time). */
export function CallDetails({ call }: { call: PlaygroundCall | undefined }) {
  const t = useT();
  const display = useQuotaDisplay();
  if (!call) return <aside className="gw-playground-side" />;
  const log = call.log;
  return (
    <aside className="gw-playground-side">
      <Card className="gw-call-card">
        <h4>{t('playground.last_call')}</h4>
        {call.status === 'streaming' ? (
          <p className="bp6-text-muted">{t('playground.receiving')}</p>
        ) : log === undefined ? (
          <p className="bp6-text-muted gw-cost-pending">
            <Spinner size={14} /> {t('playground.cost_pending')}
          </p>
        ) : log === null ? (
          <p className="bp6-text-muted">{call.status === 'failed' ? '—' : t('playground.cost_missing')}</p>
        ) : (
          <dl className="gw-call-facts">
            <dt>{t('playground.cost')}</dt>
            <dd data-testid="playground-cost">{formatCallCost(log.quota, display)}</dd>
            <dt>{t('playground.model')}</dt>
            <dd>{log.model_name}</dd>
            <dd className="gw-call-wide">
              {t('playground.usage', { prompt: log.prompt_tokens, completion: log.completion_tokens })}
            </dd>
            <dd className="gw-call-wide">
              {t('playground.duration', { seconds: (log.request_time / 1000).toFixed(2) })}
            </dd>
          </dl>
        )}
        {call.status === 'stopped' && <p className="bp6-text-muted">{t('playground.stopped')}</p>}
        {call.requestId && (
          <p className="bp6-text-small bp6-text-muted">
            {t('playground.request_id', { id: call.requestId })}
          </p>
        )}
      </Card>
      <Card className="gw-call-card">
        <h4>{t('playground.request')}</h4>
        <pre className="gw-call-request">{describeChatRequest(call.request)}</pre>
      </Card>
    </aside>
  );
}
