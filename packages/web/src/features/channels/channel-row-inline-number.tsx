// An inline priority or weight field with its ✓ (console-screens §1.3): only a changed, valid value is
// sent; what counts as valid is core's rule.
import { Button, InputGroup } from '@blueprintjs/core';
import { INLINE_NUMBER_MIN, type InlineNumberField, inlineNumberChange } from '@gw/core';
import { useEffect, useState } from 'react';
import { showError, showToast } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

interface InlineNumberProps {
  field: InlineNumberField;
  value: number;
  /** The field's accessible name (it names the row). */
  label: string;
  saveLabel: string;
  doneKey: string;
  save: (value: number) => Promise<unknown>;
}

export function InlineNumber({ field, value, label, saveLabel, doneKey, save }: InlineNumberProps) {
  const t = useT();
  const [text, setText] = useState(String(value));
  const [busy, setBusy] = useState(false);
  // The list reloaded with the server's value: the field shows it.
  useEffect(() => setText(String(value)), [value]);
  const submit = async () => {
    const change = inlineNumberChange(field, value, text);
    if (change.kind === 'invalid') {
      showToast('error', t(change.messageKey, { field: label }));
      return;
    }
    if (change.kind === 'unchanged') return;
    setBusy(true);
    try {
      await save(change.value);
      showToast('success', t(doneKey));
    } catch (error) {
      showError(error, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="gw-inline-number">
      <InputGroup
        size="small"
        type="number"
        min={INLINE_NUMBER_MIN[field]}
        aria-label={label}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit();
        }}
      />
      <Button
        size="small"
        variant="minimal"
        icon="tick"
        aria-label={saveLabel}
        loading={busy}
        onClick={() => void submit()}
      />
    </span>
  );
}
