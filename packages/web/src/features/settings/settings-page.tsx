import { NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import {
  isRoot,
  OPTION_SCREEN_TABS,
  type OptionCard as OptionCardDef,
  type OptionScreenTab,
  optionCards,
} from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApp, useUser } from '../../app/app-context';
import { NavTitle } from '../../kit/nav-title';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { InvoiceMonthTools } from './invoice-month-tools';
import { LogCleanup } from './log-cleanup';
import { UpdateCheckButton } from './update-check';
import './settings.css';
import { hasProviderNote, ProviderNote } from './oauth-notes';
import { OptionCard } from './option-card';
import { useOptionValues } from './use-options';

/** The Settings screen (console-screens §24): three tabs of option cards, for root (the wire's guard). */
export function SettingsPage() {
  const user = useUser();
  return (
    <QueryClientProvider client={queryClient}>
      <NavTitle id="setting" />
      <SettingsGate root={isRoot(user?.role)} />
    </QueryClientProvider>
  );
}

function SettingsGate({ root }: { root: boolean }) {
  const t = useT();
  const ready = useScreenSections(['options']);
  if (!ready) return <Spinner className="gw-page-spinner" />;
  // The menu shows Settings to every admin (the route guard refuses other roles), but `/api/option/`
  // answers root alone: an admin is told so instead of meeting a failed request.
  if (!root) return <NonIdealState icon="lock" title={t('options.screen.root_only')} />;
  return <SettingsTabs />;
}

/** The tab in the URL hash (`#system`), the first one when the hash names none. */
function useTabHash(): [OptionScreenTab, (tab: OptionScreenTab) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const named = location.hash.replace(/^#/, '');
  const tab = (OPTION_SCREEN_TABS as readonly string[]).includes(named)
    ? (named as OptionScreenTab)
    : 'operation';
  return [tab, (next) => navigate({ hash: next }, { replace: true })];
}

function SettingsTabs() {
  const t = useT();
  const values = useOptionValues();
  const [tab, setTab] = useTabHash();
  useEffect(() => {
    if (values.error) showError(values.error, t);
  }, [values.error, t]);
  if (!values.data) {
    return values.error ? <NonIdealState icon="error" title={t('errors.unknown')} /> : <Spinner />;
  }
  const loaded = values.data;
  return (
    <Tabs
      id="settings-tabs"
      selectedTabId={tab}
      onChange={(next) => setTab(next as OptionScreenTab)}
      renderActiveTabPanelOnly
    >
      {OPTION_SCREEN_TABS.map((name) => (
        <Tab
          key={name}
          id={name}
          title={t(`options.tabs.${name}`)}
          panel={
            <div className="gw-option-cards">
              {optionCards(name).map((card) => (
                <OptionCard
                  key={card.card}
                  card={card}
                  loaded={loaded}
                  note={<CardNote card={card} loaded={loaded} />}
                  extra={<CardExtra card={card} />}
                />
              ))}
            </div>
          }
        />
      ))}
    </Tabs>
  );
}

/** The provider notes of §24 above a sign-in card's fields (other notes sit above their option). */
function CardNote({ card, loaded }: { card: OptionCardDef; loaded: ReadonlyMap<string, string> }): ReactNode {
  // The Other tab opens with the running version and its update check, above the notice (§24.3).
  if (card.tab === 'other' && card.card === 'general') return <VersionLine />;
  if (card.tab === 'system' && hasProviderNote(card.card))
    return <ProviderNote card={card.card} serverAddress={loaded.get('ServerAddress') ?? ''} />;
  return null;
}

/** The tools of §24 under a card's fields: the log clean-up and the monthly bill tools. */
function CardExtra({ card }: { card: OptionCardDef }): ReactNode {
  const { site } = useApp();
  if (card.tab !== 'operation') return null;
  if (card.card === 'log') return <LogCleanup />;
  if (card.card === 'invoice' && site?.UserInvoiceMonth) return <InvoiceMonthTools />;
  return null;
}

/** The running version and "Check update". */
function VersionLine() {
  const t = useT();
  const { site } = useApp();
  return (
    <div className="gw-option-row">
      <p>{t('options.screen.version', { version: site?.version || t('common.unknown_version') })}</p>
      <UpdateCheckButton version={site?.version ?? ''} />
    </div>
  );
}
