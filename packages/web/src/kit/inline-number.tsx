import { InputGroup, Tooltip } from '@blueprintjs/core';
import type { InlineNumberDef } from '@gw/core';
import { useEffect, useState } from 'react';
import { useApp } from '../app/app-context';
import { useT } from '../lib/use-t';
import { useEntityChange } from './mutations';

/**
 * A number edited in its cell (a gateway's sort): saved when the input loses focus, if changed and
 * accepted by core's schema; a refused value shows its error and nothing is sent.
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
  // The list reloaded (after a save, or a change elsewhere): show the server's value.
  useEffect(() => setText(String(stored)), [stored]);
  const label = t(def.labelKey, { name });
  const save = async () => {
    const checked = def.schema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
    if (!checked.success) {
      setError(t(checked.error.issues[0]?.message ?? 'validation.invalid_type', { field: label }));
      return;
    }
    setError(undefined);
    if (checked.data === stored) return;
    await change(() => def.save(client, row, checked.data), def.doneKey, { name });
  };
  return (
    <Tooltip content={error} isOpen={error !== undefined} intent="danger" placement="top">
      <InputGroup
        className="gw-inline-number"
        type="number"
        size="small"
        value={text}
        intent={error ? 'danger' : 'none'}
        aria-label={label}
        aria-invalid={error !== undefined}
        onValueChange={(value) => setText(value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
    </Tooltip>
  );
}
