import { Switch } from '@blueprintjs/core';
import type { StatusToggleDef } from '@gw/core';
import { type ReactNode, useState } from 'react';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';
import { useEntityChange } from './mutations';

/** A row's inline on/off switch; the row shows the server's answer once the list has reloaded. */
export function StatusSwitch<Row>({
  status,
  row,
  name,
  text,
  fallback,
  entity,
}: {
  status: StatusToggleDef<Row>;
  row: Row;
  name: string;
  /** The status as the column shows it, beside the switch. */
  text: string;
  /** What shows instead on a row the switch does not apply to (its status chip); `text` by default. */
  fallback?: ReactNode;
  entity: string;
}) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(entity);
  const [busy, setBusy] = useState(false);
  const on = status.isOn(row);
  // A row the switch does not apply to (a used code, the default group) shows its status as text only.
  if (status.applies && !status.applies(row)) return <>{fallback ?? <span>{text}</span>}</>;
  return (
    <span className="gw-status-cell">
      <Switch
        className="gw-inline-switch"
        role="switch"
        checked={on}
        disabled={busy}
        aria-label={status.labelKey ? t(status.labelKey, { name }) : name}
        onChange={async () => {
          setBusy(true);
          await change(() => status.set(client, row, !on), on ? status.offKey : status.onKey, { name });
          setBusy(false);
        }}
      />
      <span>{text}</span>
    </span>
  );
}
