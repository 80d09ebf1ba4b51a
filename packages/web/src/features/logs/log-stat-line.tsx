import { Callout, Spinner } from '@blueprintjs/core';
import { formatTimestamp, isAdmin, loadLogStat, logStatText, type ScreenQuery } from '@gw/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApp, useUser } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';

/**
 * The stat line of the log list's current filter (§3): quota used, RPM and TPM, from the stat call. It
 * is asked once the list's rows are in (`listSettled`): over a wide range the sum reads many rows, and
 * the rows come first.
 */
export function LogStatLine({ query, listSettled }: { query: ScreenQuery; listSettled: boolean }) {
  const t = useT();
  const { client } = useApp();
  const admin = isAdmin(useUser()?.role);
  const quota = useQuotaDisplay();
  // The stat does not depend on the page, the size or the order: those do not ask again.
  const { page: _page, size: _size, order: _order, ...filters } = query;
  const stat = useQuery({
    queryKey: ['logs', 'stat', admin, filters],
    queryFn: () => loadLogStat(client, query, admin),
    placeholderData: keepPreviousData,
    enabled: listSettled,
  });
  return (
    <Callout className="gw-log-stat" role="status" aria-label={t('logs.stat.label')} compact>
      {stat.data ? logStatText(stat.data, { t, quota, time: formatTimestamp }) : <Spinner size={16} />}
    </Callout>
  );
}
