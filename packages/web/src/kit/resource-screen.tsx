import { AnchorButton, Button, ButtonGroup, HTMLSelect } from '@blueprintjs/core';
import {
  type ActionDef,
  type ColumnContext,
  columnsForWidth,
  csvDownloadHref,
  emptyStateKey,
  formatTimestamp,
  PAGE_SIZES,
  type ScreenDef,
  screenColumns,
  screenForRole,
  type ScreenQuery,
  shownColumns,
} from '@gw/core';
import { keepPreviousData, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useApp, useUser } from '../app/app-context';
import { useQuotaDisplay } from '../app/use-quota-display';
import { Pager } from './pager';
import { SMALL_SCREEN, useMediaQuery } from '../lib/media';
import { readHiddenColumns, writeHiddenColumns } from '../lib/storage';
import { showError, showToast } from '../lib/toasts';
import { useT } from '../lib/use-t';
import { ColumnSettings } from './column-settings';
import { ConfirmAction } from './confirm-action';
import { CreatedListDialog } from './created-list-dialog';
import { downloadScreenCsv } from './csv-export';
import { FilterBar } from './filter-bar';
import { FormDialog, type ValuesDialogExtras } from './form-dialog';
import { useEntityChange } from './mutations';
import { queryClient } from './query-client';
import { ResourceTable, type RowKey, type RowSlots } from './resource-table';
import { ScreenHeader } from './screen-header';
import { useScreenQuery } from './screen-url';
import { ShortcutHelp, useListShortcuts } from './shortcuts';
import { ToolbarActions } from './toolbar-actions';
import { useScreenSections } from './use-screen-sections';

interface ResourceScreenProps<Row, Values, Input> {
  screen: ScreenDef<Row, Values, Input>;
  /**
   * Something the screen shows above its filters (a hint, a banner); or drawn from the list's state,
   * for a figure of the same query (the logs' stat line) that waits for the rows (see ListState).
   */
  banner?: ReactNode | ((list: ListState) => ReactNode);
  /** Drawn inside a tab of a page that has its own title: no header of its own. */
  embedded?: boolean;
  /** Toolbar buttons a feature draws itself (model info's bulk import), before "new". */
  actions?: ReactNode;
  /** Buttons beside the title (a screen's own dialogs, like the channels' batch processing). */
  headerActions?: ReactNode;
  /** What the screen adds to its form dialog (buttons under a field, a notice). */
  formExtras?: ValuesDialogExtras<Values>;
  /** The page's own drawing of some cells, opened rows and actions (see RowSlots). */
  slots?: RowSlots<Row>;
  /** The page's own dialogs, drawn inside the screen (its query cache and strings). */
  children?: ReactNode;
  /** Columns the page draws inside another's cell (see ResourceTable); CSV still has them apart. */
  merged?: Readonly<Record<string, string>>;
}

/**
 * The list's query and whether its rows have arrived. A figure of the same query asked only once they
 * have does not delay them: the server answers one request at a time from SQLite, and a slower sum
 * asked first would hold the rows back.
 */
export interface ListState {
  query: ScreenQuery;
  settled: boolean;
}

/** A list screen drawn from a core ScreenDef, inside the console's one query cache. */
export function ResourceScreen<Row, Values, Input>(props: ResourceScreenProps<Row, Values, Input>) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* A screen's strings live in the section its title key names (`users.title` → users); a quota
          field's refusals (core's parseQuotaInput) in the money section. */}
      <SectionsGate sections={screenSections(props.screen)}>
        <ResourceScreenBody {...props} />
      </SectionsGate>
    </QueryClientProvider>
  );
}

/** The string sections a screen shows: its own, and money's where a form or an action types a quota. */
function screenSections<Row, Values, Input>(screen: ScreenDef<Row, Values, Input>): string[] {
  const own = screen.titleKey.split('.')[0] ?? '';
  const fields = [
    ...(screen.form?.fields ?? []),
    ...(screen.rowActions ?? []).flatMap((action) => action.input?.fields ?? []),
  ];
  return fields.some((field) => field.kind === 'quota') ? [own, 'money'] : [own];
}

/** Holds the screen back until its own strings are loaded (they come with the route, not the shell). */
function SectionsGate({ sections, children }: { sections: readonly string[]; children: ReactNode }) {
  const ready = useScreenSections(sections);
  return ready ? children : null;
}

function ResourceScreenBody<Row, Values, Input>({
  screen: described,
  banner,
  embedded,
  actions,
  headerActions,
  formExtras,
  slots,
  children,
  merged,
}: ResourceScreenProps<Row, Values, Input>) {
  const t = useT();
  const { i18n } = useTranslation();
  const { client } = useApp();
  const role = useUser()?.role ?? 0;
  // Below admin: the self list, without the admin-only columns and filters.
  const screen = useMemo(() => screenForRole(described, role), [described, role]);
  const quota = useQuotaDisplay();
  const phone = useMediaQuery(SMALL_SCREEN);
  const ctx: ColumnContext = useMemo(() => ({ t, quota, time: formatTimestamp }), [t, quota]);
  const { query, setQuery } = useScreenQuery(screen);
  const list = useQuery({
    queryKey: [screen.entity, query],
    queryFn: () => screen.list(client, query),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) showError(list.error, t);
  }, [list.error, t]);
  const [editing, setEditing] = useState<{ row?: Row } | undefined>();
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [confirming, setConfirming] = useState<ActionDef<Row> | undefined>();
  const [exporting, setExporting] = useState(false);
  const [created, setCreated] = useState<{ values: Values; answer: unknown } | undefined>();
  const change = useEntityChange(screen.entity);
  const searchRef = useRef<HTMLInputElement>(null);
  const filterFormId = `${screen.id}-${screen.tab?.id ?? 'list'}-filters`;
  const { form } = screen;
  const openNew = form ? () => setEditing({}) : undefined;
  // A link may ask for the "new" form (`?new=1`, the command palette's "new channel"): it opens once and
  // the parameter leaves the address, so a reload or the back button does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const askedNew = new URLSearchParams(location.search).get('new') === '1';
  useEffect(() => {
    if (!askedNew || !form) return;
    setEditing({});
    const rest = new URLSearchParams(location.search);
    rest.delete('new');
    const search = rest.toString();
    navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  }, [askedNew, form, location.search, location.hash, navigate]);
  const shortcuts = useListShortcuts({ search: () => searchRef.current?.focus(), create: openNew });

  // After a failed load the last rows are no longer the list's: none show (the error is toasted).
  const rows = list.isError ? [] : (list.data?.data ?? []);
  // The query's columns (core's rule: the admin search adds the owner); phones keep those core marks
  // as most needed (priority 1–2), the rest scroll on wider screens.
  // The column settings' choice (console-screens §3) is remembered per screen.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => readHiddenColumns(screen.id));
  const chooseHidden = (next: Set<string>) => {
    setHidden(next);
    writeHiddenColumns(screen.id, next);
  };
  const viewColumns = useMemo(() => screenColumns(screen, query), [screen, query]);
  const shown = useMemo(() => {
    const columns = screen.columnSettings ? shownColumns(viewColumns, hidden) : viewColumns;
    return { ...screen, columns: phone ? columnsForWidth(columns, 2) : columns };
  }, [phone, screen, viewColumns, hidden]);
  const selectedRows = rows.filter((row) => selected.has(screen.rowKey(row)));
  const batch = (screen.batchActions ?? []).filter((action) => (action.role ?? 0) <= role);
  const runBatch = (action: ActionDef<Row>) => {
    const targets = selectedRows;
    void change(() => action.run(client, targets), action.doneKey, { count: targets.length }).then(() =>
      setSelected(new Set()),
    );
  };
  // A screen whose refresh clears the filters starts again from its plain list; a new query loads itself.
  const refresh = () => {
    const plain = { page: 1, size: query.size, order: screen.defaultOrder };
    if (screen.refreshClearsFilters && JSON.stringify(plain) !== JSON.stringify(query)) {
      setSelected(new Set());
      setQuery(plain);
      return;
    }
    void list.refetch();
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      const count = await downloadScreenCsv(screen, client, query, ctx);
      showToast('success', t('web.kit.exported', { count }));
    } catch (error) {
      showError(error, t);
    } finally {
      setExporting(false);
    }
  };
  // On phones the toolbar keeps its icons and drops the words (each keeps its accessible name).
  const toolButton = (
    icon: 'refresh' | 'plus' | 'download' | 'search',
    label: string,
    onClick: () => void,
    extra = {},
  ) => (
    <Button icon={icon} aria-label={label} text={phone ? undefined : label} onClick={onClick} {...extra} />
  );

  return (
    <div className="gw-resource-screen">
      <ScreenHeader
        titleKey={embedded ? undefined : screen.titleKey}
        entity={screen.entity}
        indicators={screen.indicators}
        noticeKey={screen.noticeKey}
        actions={headerActions}
      />
      {typeof banner === 'function'
        ? banner({ query, settled: !list.isPending && !list.isPlaceholderData && !list.isFetching })
        : banner}
      <div className="gw-toolbar">
        <FilterBar
          id={filterFormId}
          onSearchOnly={screen.searchButton}
          filters={screen.filters}
          query={query}
          admin={role >= 10}
          searchRef={searchRef}
          onFilters={(values) => {
            setSelected(new Set());
            const next: ScreenQuery = { ...query, ...values, page: 1 };
            for (const [name, value] of Object.entries(next)) if (value === '') delete next[name];
            // Search with the same filters asks the server again (it is the screen's "search now").
            if (JSON.stringify(next) === JSON.stringify(query)) void list.refetch();
            else setQuery(next);
          }}
        />
        <ButtonGroup className="gw-toolbar-buttons">
          {toolButton(
            'refresh',
            t(screen.refreshClearsFilters ? 'web.kit.refresh_clear' : 'common.refresh'),
            refresh,
          )}
          {screen.searchButton &&
            toolButton('search', t('common.search'), () => undefined, {
              type: 'submit',
              form: filterFormId,
            })}
          {screen.columnSettings && (
            <ColumnSettings columns={viewColumns} hidden={hidden} onHidden={chooseHidden} iconOnly={phone} />
          )}
          {screen.exportCsv &&
            toolButton('download', t('web.kit.export_csv'), () => void exportCsv(), { loading: exporting })}
          {screen.csvDownload && (
            // A plain link: the browser saves the server's stream as it arrives, no rows held here.
            <AnchorButton
              icon="download"
              aria-label={t('web.kit.export_csv')}
              text={phone ? undefined : t('web.kit.export_csv')}
              href={csvDownloadHref(screen.csvDownload, query, i18n.language)}
              download
            />
          )}
          {screen.toolbarActions && (
            <ToolbarActions
              actions={screen.toolbarActions}
              role={role}
              entity={screen.entity}
              iconsOnly={phone}
            />
          )}
          {actions}
          {openNew && toolButton('plus', t('web.kit.new'), openNew, { intent: 'primary' })}
        </ButtonGroup>
      </div>
      {batch.length > 0 && selectedRows.length > 0 && (
        <div
          className="gw-batch-bar"
          role="toolbar"
          aria-label={t('web.kit.selected', { count: selectedRows.length })}
        >
          <span>{t('web.kit.selected', { count: selectedRows.length })}</span>
          {batch.map((action) => (
            <Button
              key={action.id}
              size="small"
              icon={action.icon as 'trash'}
              intent={action.intent}
              text={t(action.labelKey)}
              onClick={() => (action.confirmKey ? setConfirming(action) : runBatch(action))}
            />
          ))}
        </div>
      )}
      <ResourceTable
        screen={shown}
        rows={rows}
        loading={list.isFetching}
        stale={list.isPlaceholderData}
        order={query.order}
        onOrder={(order) => setQuery({ ...query, order, page: 1 })}
        ctx={ctx}
        role={role}
        selected={batch.length > 0 ? selected : undefined}
        onSelect={setSelected}
        onEdit={form && screen.editable ? (row) => setEditing({ row }) : undefined}
        slots={slots}
        merged={merged}
        emptyKey={emptyStateKey(screen, query)}
      />
      <div className="gw-table-footer">
        <label className="gw-page-size" htmlFor={`${screen.id}-page-size`}>
          {t('common.rows_per_page')}
          <HTMLSelect
            id={`${screen.id}-page-size`}
            value={query.size}
            onChange={(event) => setQuery({ ...query, size: Number(event.currentTarget.value), page: 1 })}
            options={(screen.pageSizes ?? PAGE_SIZES).map((size) => ({ value: size, label: String(size) }))}
          />
        </label>
        <Pager
          page={query.page}
          size={query.size}
          total={list.data?.total_count ?? 0}
          onPage={(page) => setQuery({ ...query, page })}
          numbered={screen.pager === 'numbered'}
        />
      </div>
      {form && editing && (
        <FormDialog
          form={form}
          entity={screen.entity}
          row={editing.row}
          titleKey={
            editing.row ? (form.editTitleKey ?? 'common.edit') : (form.createTitleKey ?? 'web.kit.new')
          }
          doneKey={(editing.row ? form.updatedKey : form.createdKey) ?? form.doneKey}
          onClose={() => setEditing(undefined)}
          extras={formExtras}
          onCreated={form.afterCreate ? (values, answer) => setCreated({ values, answer }) : undefined}
        />
      )}
      {form?.afterCreate && created && (
        <CreatedListDialog
          def={form.afterCreate}
          values={created.values}
          created={created.answer}
          onClose={() => setCreated(undefined)}
        />
      )}
      <ConfirmAction
        action={confirming}
        count={selectedRows.length}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const action = confirming;
          setConfirming(undefined);
          if (action) runBatch(action);
        }}
      />
      <ShortcutHelp isOpen={shortcuts.help} onClose={shortcuts.closeHelp} />
      {children}
    </div>
  );
}
