import { Button, InputGroup, Tooltip } from '@blueprintjs/core';
import { type InlineNumberDef, inlineNumberEdit } from '@gw/core';
import { useEffect, useState } from 'react';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';
import { useEntityChange } from './mutations';

/**
 * A number edited in its cell: saved when the input loses focus (a gateway's sort), or by a ✓ button
 * and Enter where the definition names one (a channel's priority). Only a changed value accepted by
 * core's schema is sent; a refused one shows its error beside the input and nothing is sent.
 */
export function InlineNumber<Row>({
  def,
  row,
  name,
  entity,
}: {
  def: InlineNumberDef<Row>;
  row: Row;
  name: string;
  entity: string;
}) {
  const t = useT();
  const { client } = useApp();
  const change = useEntityChange(entity);
  const stored = def.value(row);
  const [text, setText] = useState(String(stored));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The list reloaded (after a save, or a change elsewhere): show the server's value.
  useEffect(() => setText(String(stored)), [stored]);
  const label = t(def.labelKey, { name });
  const confirm = def.confirmLabelKey !== undefined;
  const save = async () => {
    const edit = inlineNumberEdit(def, row, text);
    if (edit.kind === 'invalid') {
      setError(t(edit.messageKey, { field: label }));
      return;
    }
    setError(undefined);
    if (edit.kind === 'unchanged') return;
    setBusy(true);
    await change(() => def.save(client, row, edit.value), def.doneKey, { name });
    setBusy(false);
  };
  return (
    <Tooltip content={error} isOpen={error !== undefined} intent="danger" placement="top">
      <span className="gw-inline-number">
        <InputGroup
          type="number"
          size="small"
          min={def.min}
          value={text}
          intent={error ? 'danger' : 'none'}
          aria-label={label}
          aria-invalid={error !== undefined}
          onValueChange={(value) => {
            setText(value);
            if (confirm) setError(undefined);
          }}
          onBlur={confirm ? undefined : () => void save()}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            if (confirm) void save();
            else event.currentTarget.blur();
          }}
        />
        {confirm && (
          <Button
            size="small"
            variant="minimal"
            icon="tick"
            aria-label={t(def.confirmLabelKey as string, { name })}
            loading={busy}
            onClick={() => void save()}
          />
        )}
      </span>
    </Tooltip>
  );
}
