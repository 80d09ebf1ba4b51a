import { Card } from '@blueprintjs/core';
import { getDashboardHeatmap, type HeatCell, renderQuota, usageHeatmap } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';

/** The year's usage, one square per day in week columns, shaded by requests (gw's addition to §7). */
export function UsageHeatmap({ today }: { today: string }) {
  const t = useT();
  const { client } = useApp();
  const display = useQuotaDisplay();
  const rows = useQuery({ queryKey: ['dashboard', 'heatmap'], queryFn: () => getDashboardHeatmap(client) });
  const map = usageHeatmap(rows.data ?? [], today);
  // A narrow screen scrolls the year sideways: it opens on the latest weeks, the ones most looked at.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (frame.current && rows.data) frame.current.scrollLeft = frame.current.scrollWidth;
  }, [rows.data]);
  const label = (cell: HeatCell) =>
    t('dashboard.heatmap_cell', {
      date: cell.date,
      count: cell.requests,
      amount: renderQuota(cell.quota, display, 6),
    });
  return (
    <Card className="gw-heatmap-card" role="region" aria-label={t('dashboard.heatmap_title')}>
      <div className="gw-chart-title">{t('dashboard.heatmap_title')}</div>
      <p className="gw-stat-sub">
        {/* Each figure in its own plural form (i18next `_one` / `_other`): "1 day", "2 days". */}
        {t('dashboard.heatmap_summary', {
          total: t('dashboard.heatmap_requests', { count: map.total }),
          days: t('dashboard.heatmap_days', { count: map.activeDays }),
        })}
      </p>
      <div className="gw-heatmap" ref={frame}>
        {map.weeks.map((week) => (
          <ul key={week.find((cell) => cell)?.date} className="gw-heatmap-week">
            {week.map((cell, index) =>
              cell ? (
                <li
                  key={cell.date}
                  className={`gw-heat gw-heat-${cell.level}`}
                  data-date={cell.date}
                  data-level={cell.level}
                  title={label(cell)}
                  aria-label={label(cell)}
                />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank square's place in its week is its identity
                <li key={`blank-${index}`} className="gw-heat gw-heat-blank" aria-hidden />
              ),
            )}
          </ul>
        ))}
      </div>
      <div className="gw-heatmap-legend" aria-hidden>
        {t('dashboard.heatmap_less')}
        {[0, 1, 2, 3, 4].map((level) => (
          <span key={level} className={`gw-heat gw-heat-${level}`} />
        ))}
        {t('dashboard.heatmap_more')}
      </div>
    </Card>
  );
}
