import { Button, type IconName } from '@blueprintjs/core';
import { type ActionDef, actionsFor } from '@gw/core';
import { useState } from 'react';
import { type DropdownItem, DropdownMenu } from '../components/dropdown-menu';
import { useT } from '../lib/use-t';
import { useApp } from '../app/app-context';
import { runAndCopy } from './action-result';
import { ConfirmAction } from './confirm-action';
import { ValuesDialog } from './form-dialog';
import { useEntityChange } from './mutations';

interface RowActionsProps<Row> {
  row: Row;
  name: string;
  actions: readonly ActionDef<Row>[];
  role: number;
  entity: string;
  /** Opens the editor when the screen's rows are editable. */
  onEdit?: () => void;
}

/**
 * A row's "⋯" menu: edit, then the actions this role may run on this row; asks first where told to,
 * or opens the action's own small form (a quota change).
 */
export function RowActions<Row>({ row, name, actions, role, entity, onEdit }: RowActionsProps<Row>) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(entity);
  const [confirming, setConfirming] = useState<ActionDef<Row> | undefined>();
  const [asking, setAsking] = useState<ActionDef<Row> | undefined>();
  const run = (action: ActionDef<Row>) =>
    action.result === 'copy'
      ? void runAndCopy(action, client, [row], name, t)
      : void change(() => action.run(client, [row]), action.doneKey, { name, count: 1 });
  const start = (action: ActionDef<Row>) => {
    if (action.input) setAsking(action);
    else if (action.confirmKey) setConfirming(action);
    else run(action);
  };
  const allowed = actionsFor(actions, row, role);
  const inline = allowed.filter((action) => action.inline);
  const items: DropdownItem[] = [];
  if (onEdit) items.push({ key: 'edit', text: t('common.edit'), icon: 'edit', onSelect: onEdit });
  for (const action of allowed) {
    if (action.inline) continue;
    items.push({
      key: action.id,
      text: t(action.labelKey),
      icon: action.icon as IconName | undefined,
      onSelect: () => start(action),
    });
  }
  if (items.length === 0 && inline.length === 0) return null;
  return (
    <span className="gw-row-actions">
      {inline.map((action) => (
        <Button
          key={action.id}
          size="small"
          variant="minimal"
          intent={action.intent}
          icon={action.icon as IconName | undefined}
          text={t(action.labelKey)}
          aria-label={`${t(action.labelKey)} ${name}`}
          onClick={() => start(action)}
        />
      ))}
      {items.length > 0 && (
        <DropdownMenu label={t('web.kit.more_actions', { name })} icon="more" items={items} floating />
      )}
      <ConfirmAction
        action={confirming}
        name={name}
        count={1}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => {
          const action = confirming;
          setConfirming(undefined);
          if (action) run(action);
        }}
      />
      {asking?.input && (
        <ValuesDialog
          fields={asking.input.fields}
          schema={asking.input.schema}
          initialValues={asking.input.empty(row)}
          mode="create"
          entity={entity}
          titleKey={asking.input.titleKey}
          doneKey={asking.doneKey}
          refuse={(values) => asking.input?.refuse?.(values, row) ?? {}}
          save={(values) => asking.input?.run(client, row, values) ?? Promise.resolve()}
          onClose={() => setAsking(undefined)}
        />
      )}
    </span>
  );
}
