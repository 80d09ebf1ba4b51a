import { Button, Card, FormGroup, HTMLSelect, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import '../../kit/kit.css';
import {
  clampSystemLogCount,
  filterSystemLog,
  getSystemLog,
  SYSTEM_LOG_DEFAULT_REFRESH_SECONDS,
  SYSTEM_LOG_REFRESH_SECONDS,
  SYSTEM_LOG_SCREEN_DEFAULT,
  SYSTEM_LOG_SCREEN_MAX,
} from '@gw/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApp } from '../../app/app-context';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './system-info.css';
import { SystemLogView } from './system-log-view';

/** The admin System info screen (console-screens §10): the server's newest log lines. */
export function SystemInfoPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <SystemInfoGate />
    </QueryClientProvider>
  );
}

function SystemInfoGate() {
  return useScreenSections(['analytics']) ? <SystemInfoBody /> : null;
}

function SystemInfoBody() {
  const t = useT();
  const { client } = useApp();
  const [auto, setAuto] = useState(false);
  const [seconds, setSeconds] = useState<number>(SYSTEM_LOG_DEFAULT_REFRESH_SECONDS);
  const [count, setCount] = useState(SYSTEM_LOG_SCREEN_DEFAULT);
  const [search, setSearch] = useState('');
  // Clear is client-side: lines up to the newest one shown at that moment stay hidden.
  const [clearedThrough, setClearedThrough] = useState<string>();
  const log = useQuery({
    queryKey: ['system_info', 'log', count],
    queryFn: () => getSystemLog(client, count),
    refetchInterval: auto ? seconds * 1000 : false,
  });
  useEffect(() => {
    if (log.error) showError(log.error, t);
  }, [log.error, t]);
  const all = log.data ?? [];
  const fresh = useMemo(
    () => (clearedThrough === undefined ? all : all.filter((entry) => entry.Timestamp > clearedThrough)),
    [all, clearedThrough],
  );
  const shown = useMemo(() => filterSystemLog(fresh, search), [fresh, search]);
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Follow the newest line while refreshing by itself; a reader scrolling back is left alone otherwise.
    if (auto && view.current && shown.length > 0) view.current.scrollTop = view.current.scrollHeight;
  }, [auto, shown]);
  return (
    <div className="gw-system-info">
      <div className="gw-page-header">
        <h2>{t('nav.system_info')}</h2>
      </div>
      <Card>
        <h3>{t('analytics.system.title')}</h3>
        <div className="gw-system-log-tools">
          <Switch
            checked={auto}
            label={t('analytics.system.auto_refresh')}
            onChange={(event) => setAuto(event.currentTarget.checked)}
            role="switch"
          />
          <FormGroup inline label={t('analytics.system.interval')} labelFor="system-log-interval">
            <HTMLSelect
              id="system-log-interval"
              value={seconds}
              disabled={!auto}
              onChange={(event) => setSeconds(Number(event.target.value))}
              options={SYSTEM_LOG_REFRESH_SECONDS.map((value) => ({
                value,
                label:
                  value === 60
                    ? t('analytics.system.minute')
                    : t('analytics.system.seconds', { count: value }),
              }))}
            />
          </FormGroup>
          <FormGroup inline label={t('analytics.system.max_entries')} labelFor="system-log-count">
            <NumericInput
              id="system-log-count"
              value={count}
              min={1}
              max={SYSTEM_LOG_SCREEN_MAX}
              onValueChange={(value) => setCount(clampSystemLogCount(value))}
            />
          </FormGroup>
          <Button icon="refresh" loading={log.isFetching} onClick={() => void log.refetch()}>
            {t('common.refresh')}
          </Button>
          <Button icon="trash" onClick={() => setClearedThrough(all.at(-1)?.Timestamp ?? clearedThrough)}>
            {t('analytics.system.clear')}
          </Button>
          <InputGroup
            className="gw-system-log-search"
            leftIcon="search"
            type="search"
            aria-label={t('analytics.system.search')}
            placeholder={t('analytics.system.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            rightElement={
              search ? (
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={t('analytics.system.clear_search')}
                  onClick={() => setSearch('')}
                />
              ) : undefined
            }
          />
        </div>
        <SystemLogView ref={view} entries={shown} searching={search.trim() !== '' && fresh.length > 0} />
        <p className="gw-system-log-caption">{t('analytics.system.caption')}</p>
      </Card>
    </div>
  );
}
