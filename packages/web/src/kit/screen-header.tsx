import { Callout, Tag } from '@blueprintjs/core';
import type { IndicatorDef } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';

/** One state read from the server, shown as a chip beside the title (the bot's "Online (Webhook)"). */
function Indicator({ entity, indicator }: { entity: string; indicator: IndicatorDef }) {
  const t = useT();
  const { client } = useApp();
  // Keyed under the entity, so a toolbar action on it (reload the menu) refreshes the state too.
  const state = useQuery({
    queryKey: [entity, 'indicator', indicator.id],
    queryFn: () => indicator.load(client),
  });
  if (!state.data) return null;
  return (
    <span role="status">
      <Tag round intent={state.data.intent === 'none' ? undefined : state.data.intent}>
        {t(state.data.labelKey)}
      </Tag>
    </span>
  );
}

interface ScreenHeaderProps {
  /** Left out inside a tab, whose page has the title. */
  titleKey?: string;
  entity: string;
  indicators?: readonly IndicatorDef[];
  noticeKey?: string;
  /** Buttons at the end of the title row. */
  actions?: ReactNode;
}

/** The screen's title with its indicators, and its information callout when it has one. */
export function ScreenHeader({ titleKey, entity, indicators, noticeKey, actions }: ScreenHeaderProps) {
  const t = useT();
  return (
    <>
      {(titleKey || indicators?.length || actions) && (
        <div className="gw-page-header">
          {titleKey && <h2>{t(titleKey)}</h2>}
          {indicators?.map((indicator) => (
            <Indicator key={indicator.id} entity={entity} indicator={indicator} />
          ))}
          {actions && <span className="gw-page-header-actions">{actions}</span>}
        </div>
      )}
      {noticeKey && (
        <Callout intent="primary" className="gw-screen-notice">
          {t(noticeKey)}
        </Callout>
      )}
    </>
  );
}
