import { Callout, Spinner } from '@blueprintjs/core';
import { formatTimestamp, isAdmin, LOG_SCREEN, loadLogStat, logStatText, screenForRole } from '@gw/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApp, useUser } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useScreenQuery } from '../../kit/screen-url';
import { useT } from '../../lib/use-t';

/** The stat line of the log list's current filter (§3): quota used, RPM and TPM, from the stat call. */
export function LogStatLine() {
  const t = useT();
  const { client } = useApp();
  const role = useUser()?.role ?? 0;
  const admin = isAdmin(role);
  const quota = useQuotaDisplay();
  const screen = useMemo(() => screenForRole(LOG_SCREEN, role), [role]);
  const { query } = useScreenQuery(screen);
  // The stat does not depend on the page, the size or the order: those do not ask again.
  const { page: _page, size: _size, order: _order, ...filters } = query;
  const stat = useQuery({
    queryKey: ['logs', 'stat', admin, filters],
    queryFn: () => loadLogStat(client, query, admin),
    placeholderData: keepPreviousData,
  });
  return (
    <Callout className="gw-log-stat" role="status" aria-label={t('logs.stat.label')} compact>
      {stat.data ? logStatText(stat.data, { t, quota, time: formatTimestamp }) : <Spinner size={16} />}
    </Callout>
  );
}
