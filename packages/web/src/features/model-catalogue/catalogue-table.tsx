import { Button, HTMLTable } from '@blueprintjs/core';
import {
  type CatalogueRow,
  type ColumnContext,
  columnsForWidth,
  groupPriceLines,
  MODEL_CATALOGUE_COLUMNS,
} from '@gw/core';
import type { ReactNode } from 'react';
import { LabelChip } from '../../kit/label-chip';
import { SMALL_SCREEN, useMediaQuery } from '../../lib/media';
import { useT } from '../../lib/use-t';
import { CopyModelId, ModelTags } from './model-card';
import { OwnerAvatar } from './owner-avatar';

/**
 * The list view of §16: core's columns, with the model's chips, the owner's avatar and a line per group.
 * A plain table rather than the console kit's, so the public price page does not load the console's.
 */
export function CatalogueTable({
  rows,
  ctx,
  onDetails,
}: {
  rows: readonly CatalogueRow[];
  ctx: ColumnContext;
  onDetails: (row: CatalogueRow) => void;
}) {
  const t = useT();
  // Phones keep the columns core marks as most needed, as the console's tables do.
  const columns = useMediaQuery(SMALL_SCREEN)
    ? columnsForWidth(MODEL_CATALOGUE_COLUMNS, 2)
    : MODEL_CATALOGUE_COLUMNS;
  const cell = (row: CatalogueRow, column: (typeof MODEL_CATALOGUE_COLUMNS)[number]): ReactNode => {
    switch (column.id) {
      case 'model':
        return (
          <div className="gw-catalogue-model">
            <strong title={row.model}>{row.model}</strong>
            <CopyModelId model={row.model} />
            <ModelTags tags={row.tags} />
          </div>
        );
      case 'owner':
        return (
          <span className="gw-catalogue-owner">
            <OwnerAvatar owner={row.owner} size={20} />
            {row.owner.name}
          </span>
        );
      case 'input':
      case 'output': {
        const lines = groupPriceLines(row, column.id, t);
        return lines.length ? lines.map((line) => <div key={line}>{line}</div>) : '-';
      }
      default:
        return column.chip ? (
          <LabelChip text={column.value(row, ctx)} {...column.chipStyle?.(row)} />
        ) : (
          column.value(row, ctx)
        );
    }
  };
  return (
    <div className="gw-table-wrap">
      <HTMLTable compact striped className="gw-table" aria-label={t('billing.models.title')}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id}>{t(column.titleKey)}</th>
            ))}
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.model}>
              {columns.map((column) => (
                <td key={column.id}>{cell(row, column)}</td>
              ))}
              <td>
                <Button
                  variant="minimal"
                  icon="eye-open"
                  aria-label={t('billing.models.details_of', { name: row.model })}
                  onClick={() => onDetails(row)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
