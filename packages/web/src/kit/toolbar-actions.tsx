import { Button, type IconName } from '@blueprintjs/core';
import type { ActionDef } from '@gw/core';
import { useState } from 'react';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';
import { runAndCopy } from './action-result';
import { ConfirmAction } from './confirm-action';
import { useEntityChange } from './mutations';

interface ToolbarActionsProps<Row> {
  actions: readonly ActionDef<Row>[];
  role: number;
  entity: string;
  /** Phones keep the icons and drop the words. */
  iconsOnly: boolean;
}

/** The screen's toolbar buttons that act on no row ("reload menu", "test all"), asked first where told. */
export function ToolbarActions<Row>({ actions, role, entity, iconsOnly }: ToolbarActionsProps<Row>) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(entity);
  const [confirming, setConfirming] = useState<ActionDef<Row> | undefined>();
  const [busy, setBusy] = useState<string | undefined>();
  const run = async (action: ActionDef<Row>) => {
    setBusy(action.id);
    const label = t(action.labelKey);
    if (action.result === 'copy') await runAndCopy(action, client, [], label, t);
    // A toolbar action may answer how many rows it touched ("deleted 3 disabled channels").
    else
      await change(
        () => action.run(client, []),
        action.doneKey,
        (answer) => ({
          count: typeof answer === 'number' ? answer : 0,
        }),
      );
    setBusy(undefined);
  };
  const allowed = actions.filter((action) => (action.role ?? 0) <= role);
  return (
    <>
      {allowed.map((action) => {
        const label = t(action.labelKey);
        return (
          <Button
            key={action.id}
            icon={action.icon as IconName | undefined}
            intent={action.intent}
            aria-label={label}
            text={iconsOnly ? undefined : label}
            loading={busy === action.id}
            onClick={() => (action.confirmKey ? setConfirming(action) : void run(action))}
          />
        );
      })}
      <ConfirmAction
        action={confirming}
        count={0}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const action = confirming;
          setConfirming(undefined);
          if (action) void run(action);
        }}
      />
    </>
  );
}
