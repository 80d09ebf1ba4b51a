import { Tag } from '@blueprintjs/core';
import { formatTimestamp, type SystemLogEntry, type SystemLogLevel, systemLogLevel } from '@gw/core';
import { forwardRef } from 'react';
import { useT } from '../../lib/use-t';

const LEVEL_INTENT: Record<SystemLogLevel, 'primary' | 'warning' | 'danger' | 'none'> = {
  info: 'primary',
  warning: 'warning',
  error: 'danger',
  debug: 'none',
};

/** Shows an RFC 3339 time as the console's local `YYYY-MM-DD HH:mm:ss`, or as sent when unreadable. */
function localTime(timestamp: string): string {
  const millis = Date.parse(timestamp);
  return Number.isNaN(millis) ? timestamp : formatTimestamp(Math.floor(millis / 1000));
}

interface SystemLogViewProps {
  entries: readonly SystemLogEntry[];
  /** True when a search hides every line (the empty state then says "no matching logs"). */
  searching: boolean;
}

/** The log lines, oldest first, each with its level coloured (console-screens §10). */
export const SystemLogView = forwardRef<HTMLDivElement, SystemLogViewProps>(function SystemLogView(
  { entries, searching },
  ref,
) {
  const t = useT();
  return (
    <div className="gw-system-log" ref={ref} role="log" aria-label={t('analytics.system.title')}>
      {entries.length === 0 ? (
        <p className="gw-system-log-empty">
          {searching ? t('analytics.system.no_match') : t('analytics.system.no_logs')}
        </p>
      ) : (
        entries.map((entry, index) => {
          const level = systemLogLevel(entry.Level);
          return (
            // Lines have no id and may repeat; their place in the window is what tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div key={`${entry.Timestamp}-${index}`} className={`gw-system-log-line gw-log-${level}`}>
              <time className="gw-system-log-time">{localTime(entry.Timestamp)}</time>
              <Tag minimal intent={LEVEL_INTENT[level]} className="gw-system-log-level">
                {t(`analytics.system.level.${level}`)}
              </Tag>
              <span className="gw-system-log-message">{entry.Message}</span>
            </div>
          );
        })
      )}
    </div>
  );
});
