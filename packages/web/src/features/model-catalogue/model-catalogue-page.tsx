import { Button, ButtonGroup, HTMLSelect, NonIdealState, Spinner } from '@blueprintjs/core';
import {
  CATALOGUE_PAGE_SIZES,
  type CatalogueModel,
  type CatalogueQuery,
  type ColumnContext,
  catalogueQueryFromParams,
  catalogueQueryToParams,
  filterCatalogue,
  formatTimestamp,
  loadModelCatalogue,
  localizeCatalogue,
  type ModelCatalogue,
  pageOfCatalogue,
  withCatalogueFilter,
} from '@gw/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useApp, useUser } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import { Pager } from '../../kit/pager';
import { CatalogueFilters } from './catalogue-filters';
import { CatalogueTable } from './catalogue-table';
import { ModelCard } from './model-card';
import { ModelDetailDialog } from './model-detail-dialog';
import './model-catalogue.css';

/**
 * Available models (console-screens §16) and, signed out, the public price page (§12.6): the models
 * the caller's groups may use, filtered and paged on the client, as cards or a table.
 */
export function ModelCataloguePage({ publicPage = false }: { publicPage?: boolean }) {
  return (
    <QueryClientProvider client={queryClient}>
      <CatalogueGate publicPage={publicPage} />
    </QueryClientProvider>
  );
}

function CatalogueGate({ publicPage }: { publicPage: boolean }) {
  const t = useT();
  const { client } = useApp();
  const user = useUser();
  const ready = useScreenSections(['billing', 'prices']);
  // A session changes what the server lists (the caller's own group), so each user has a copy.
  const data = useQuery({
    queryKey: ['available_models', user?.id ?? 0],
    queryFn: () => loadModelCatalogue(client),
  });
  useEffect(() => {
    if (data.error) showError(data.error, t);
  }, [data.error, t]);
  if (!ready || data.isPending) return <Spinner className="gw-page-spinner" />;
  if (!data.data) return <NonIdealState icon="error" title={t('billing.models.load_failed')} />;
  // Seeded owner and group names ("未知", "默认分组") in the interface's language.
  return <CatalogueScreen catalogue={localizeCatalogue(data.data, t)} publicPage={publicPage} />;
}

function CatalogueScreen({ catalogue, publicPage }: { catalogue: ModelCatalogue; publicPage: boolean }) {
  const t = useT();
  const quota = useQuotaDisplay();
  const user = useUser();
  // A signed-in user starts on the prices of their own group.
  const own = typeof user?.group === 'string' ? user.group : undefined;
  const [params, setParams] = useSearchParams();
  const [details, setDetails] = useState<CatalogueModel | undefined>();
  const query = catalogueQueryFromParams(params, catalogue, own);
  const update = (change: Partial<CatalogueQuery>) => {
    setParams(catalogueQueryToParams(withCatalogueFilter(query, change), catalogue, own), { replace: true });
    if (change.page !== undefined) window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };
  const kept = filterCatalogue(catalogue, query);
  const page = pageOfCatalogue(kept, query);
  const group = catalogue.groups.find((known) => known.symbol === query.group);
  const perMillion = query.unit === 'M';
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  return (
    <div className="gw-catalogue">
      <div className="gw-page-header">
        <div>
          <h2>{t(publicPage ? 'billing.models.public_title' : 'billing.models.title')}</h2>
          <p className="bp6-text-muted">{t('billing.models.subtitle')}</p>
        </div>
        <ButtonGroup className="gw-page-header-actions" aria-label={t('billing.models.view.label')}>
          {(['card', 'list'] as const).map((view) => (
            <Button
              key={view}
              icon={view === 'card' ? 'media' : 'list'}
              text={t(`billing.models.view.${view}`)}
              intent={query.view === view ? 'primary' : undefined}
              aria-pressed={query.view === view}
              onClick={() => update({ view })}
            />
          ))}
        </ButtonGroup>
      </div>
      <CatalogueFilters catalogue={catalogue} query={query} onChange={update} />
      <p className="gw-catalogue-count" role="status">
        {t('billing.models.count', { count: kept.length })}
      </p>
      {page.rows.length === 0 ? (
        <NonIdealState
          icon="search"
          title={t('billing.models.empty')}
          description={t('billing.models.empty_hint')}
        />
      ) : query.view === 'card' ? (
        <div className="gw-model-cards">
          {page.rows.map((model) => (
            <ModelCard
              key={model.model}
              model={model}
              group={group}
              perMillion={perMillion}
              onDetails={() => setDetails(model)}
            />
          ))}
        </div>
      ) : (
        <CatalogueTable
          rows={page.rows.map((model) => ({ ...model, allGroups: catalogue.groups, perMillion }))}
          ctx={ctx}
          onDetails={setDetails}
        />
      )}
      <div className="gw-table-footer">
        <HTMLSelect
          aria-label={t('common.rows_per_page')}
          value={query.size}
          onChange={(event) => update({ size: Number(event.currentTarget.value) })}
          options={CATALOGUE_PAGE_SIZES.map((size) => ({
            value: size,
            label: t('billing.models.per_page', { count: size }),
          }))}
        />
        <Pager
          page={page.page}
          size={query.size}
          total={page.total}
          onPage={(next) => update({ page: next })}
        />
      </div>
      {details && (
        <ModelDetailDialog
          model={details}
          groups={catalogue.groups}
          perMillion={perMillion}
          onClose={() => setDetails(undefined)}
        />
      )}
    </div>
  );
}
