import { HTMLSelect, HTMLTable, Icon, ProgressBar } from '@blueprintjs/core';
import {
  type ColumnContext,
  formatTimestamp,
  PAGE_SIZES,
  type Paged,
  TOKEN_COLUMNS,
  type Token,
} from '@gw/core';
import { useMemo } from 'react';
import { useT } from '../../lib/use-t';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { Pager } from './pager';
import { nextOrder, orderDirection } from './token-list';
import { TokenRowActions } from './token-row-actions';

interface TokenTableProps {
  result: Paged<Token>;
  loading: boolean;
  order: string;
  page: number;
  size: number;
  onOrder: (order: string) => void;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  onEdit: (token: Token) => void;
  onChanged: () => void;
}

/** The token table: core's columns, sortable headers, row actions and paging. */
export function TokenTable(props: TokenTableProps) {
  const t = useT();
  const quota = useQuotaDisplay();
  const ctx: ColumnContext = useMemo(() => ({ t, quota, time: formatTimestamp }), [t, quota]);
  return (
    <div className="gw-table-wrap">
      {props.loading && <ProgressBar intent="primary" className="gw-table-progress" />}
      <HTMLTable compact striped interactive className="gw-table" aria-label={t('tokens.title')}>
        <thead>
          <tr>
            {TOKEN_COLUMNS.map((column) => {
              const direction = orderDirection(props.order, column.sortField);
              return (
                <th
                  key={column.id}
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                >
                  {column.sortField ? (
                    <button
                      type="button"
                      className="gw-sort-button"
                      onClick={() => props.onOrder(nextOrder(props.order, column.sortField as string))}
                    >
                      {t(column.titleKey)}
                      {direction && <Icon icon={direction === 'asc' ? 'caret-up' : 'caret-down'} size={12} />}
                    </button>
                  ) : (
                    t(column.titleKey)
                  )}
                </th>
              );
            })}
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {props.result.data.length === 0 && (
            <tr>
              <td colSpan={TOKEN_COLUMNS.length + 1} className="gw-no-data">
                {t('common.no_data')}
              </td>
            </tr>
          )}
          {props.result.data.map((token) => (
            <tr key={token.id}>
              {TOKEN_COLUMNS.map((column) => (
                <td key={column.id}>{column.value(token, ctx)}</td>
              ))}
              <td>
                <TokenRowActions token={token} onEdit={props.onEdit} onChanged={props.onChanged} />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div className="gw-table-footer">
        <label className="gw-page-size" htmlFor="token-page-size">
          {t('common.rows_per_page')}
          <HTMLSelect
            id="token-page-size"
            value={props.size}
            onChange={(event) => props.onSize(Number(event.currentTarget.value))}
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
          />
        </label>
        <Pager page={props.page} size={props.size} total={props.result.total_count} onPage={props.onPage} />
      </div>
    </div>
  );
}
