import { Icon } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/use-t';

/**
 * A sortable column's title: a button (reachable by keyboard) with the caret of the current order;
 * the header cell gives `aria-sort` and the click.
 */
export function SortButton({
  title,
  direction,
  onClick,
  children,
}: {
  title: string;
  direction: 'asc' | 'desc' | undefined;
  onClick?: () => void;
  /** What the button shows when it is more than the title (merged columns' stacked titles). */
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="gw-sort-button"
      aria-label={t('web.kit.sort_by', { name: title })}
      onClick={onClick}
    >
      {children ?? title}
      <Icon
        icon={
          direction === 'asc' ? 'caret-up' : direction === 'desc' ? 'caret-down' : 'double-caret-vertical'
        }
        size={12}
      />
    </button>
  );
}

/** The `aria-sort` of a header for the current order. */
export const ariaSort = (direction: 'asc' | 'desc' | undefined) =>
  direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
