import { Button, Checkbox, Classes } from '@blueprintjs/core';
import { type ColumnDef, selectAllState, toggleAllColumns, toggleInSet } from '@gw/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../lib/use-t';

interface ColumnSettingsProps<Row> {
  columns: readonly ColumnDef<Row>[];
  hidden: ReadonlySet<string>;
  onHidden: (hidden: Set<string>) => void;
  /** On phones the button keeps its icon and drops the word (it keeps its accessible name). */
  iconOnly?: boolean;
}

/**
 * The toolbar's column settings (console-screens §3): a button opening a panel of checkboxes, one per
 * column, under a select-all box (checked, clear or indeterminate by core's rule). It stays open while
 * boxes are ticked and closes on Escape or a click elsewhere.
 */
export function ColumnSettings<Row>({ columns, hidden, onHidden, iconOnly }: ColumnSettingsProps<Row>) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const all = selectAllState(columns, hidden);
  const label = t('web.kit.column_settings');
  return (
    <div className="gw-column-settings" ref={root}>
      <Button
        icon="th-list"
        aria-label={label}
        text={iconOnly ? undefined : label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      />
      {open && (
        <fieldset
          id={panelId}
          className={`gw-column-settings-panel ${Classes.ELEVATION_2}`}
          aria-label={label}
        >
          <Checkbox
            label={t('web.kit.all_columns')}
            checked={all.checked}
            indeterminate={all.indeterminate}
            onChange={() => onHidden(toggleAllColumns(columns, hidden))}
          />
          {columns.map((column) => (
            <Checkbox
              key={column.id}
              label={t(column.titleKey)}
              checked={!hidden.has(column.id)}
              onChange={() => onHidden(toggleInSet(hidden, column.id))}
            />
          ))}
        </fieldset>
      )}
    </div>
  );
}
