import { Button, Callout, Card, H5, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { beatTimeUtc8, describeError, getUptimeGroups, type UptimeBeat, uptimeIntent } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../app/app-context';
import { useT } from '../../lib/use-t';

const BEAT_LABEL: Record<UptimeBeat['kind'], string> = {
  up: 'dashboard.uptime.beat_up',
  warn: 'dashboard.uptime.beat_warn',
  down: 'dashboard.uptime.beat_down',
  none: 'dashboard.uptime.beat_none',
};

/**
 * The Status tab (§7): the site's Uptime-Kuma page through the server's proxy — groups of monitor cards
 * with tags, the 24 h uptime in its colour and the last 50 beats. Native tooltips: Blueprint's would bring
 * its positioning engine into this chunk for 50 bars a card.
 */
export function UptimeStatus() {
  const t = useT();
  const { client } = useApp();
  const groups = useQuery({ queryKey: ['uptime-status'], queryFn: () => getUptimeGroups(client) });

  let body: React.ReactNode;
  if (groups.isPending) body = <Spinner aria-label={t('dashboard.uptime.loading')} />;
  else if (groups.error) {
    const notice = describeError(groups.error);
    body = (
      <Callout intent="danger" role="alert">
        {t(notice.key, notice.params)}
      </Callout>
    );
  } else if (groups.data.every((group) => group.monitors.length === 0)) {
    body = <NonIdealState icon="heart-broken" title={t('dashboard.uptime.no_data')} />;
  } else {
    body = groups.data.map((group) => (
      <section key={group.name} className="gw-uptime-group" aria-label={group.name}>
        <H5>{group.name}</H5>
        <div className="gw-uptime-cards">
          {group.monitors.map((monitor) => (
            <Card key={monitor.id} className="gw-uptime-card" role="group" aria-label={monitor.name}>
              <div className="gw-uptime-head">
                <strong>{monitor.name}</strong>
                {monitor.uptime !== undefined && (
                  <Tag
                    intent={uptimeIntent(monitor.uptime)}
                    round
                    title={t('dashboard.uptime.uptime_24h')}
                    data-uptime={monitor.uptime}
                  >
                    {monitor.uptime}%
                  </Tag>
                )}
              </div>
              {monitor.tags.length > 0 && (
                <div className="gw-uptime-tags">
                  {monitor.tags.map((tag) => (
                    <Tag
                      key={`${tag.name}:${tag.value}`}
                      minimal
                      style={tag.color ? { borderLeft: `3px solid ${tag.color}` } : undefined}
                    >
                      {tag.value ? `${tag.name}: ${tag.value}` : tag.name}
                    </Tag>
                  ))}
                </div>
              )}
              <ol className="gw-uptime-strip">
                {monitor.beats.map((beat, index) => (
                  <li
                    // Beats have no id; their place in the strip is what they are.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                    key={index}
                    data-kind={beat.kind}
                    title={
                      beat.time
                        ? `${t(BEAT_LABEL[beat.kind])} · ${beatTimeUtc8(beat.time)} (UTC+8)`
                        : t(BEAT_LABEL[beat.kind])
                    }
                  />
                ))}
              </ol>
            </Card>
          ))}
        </div>
      </section>
    ));
  }

  return (
    <div className="gw-uptime">
      <Button
        icon="refresh"
        text={t('dashboard.uptime.refresh')}
        loading={groups.isFetching}
        onClick={() => void groups.refetch()}
      />
      {body}
    </div>
  );
}
