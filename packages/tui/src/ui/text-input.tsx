import InkTextInput from 'ink-text-input';
import { useRef } from 'react';
import { isDeleteKey, isTypedText } from '../hooks/key-burst.js';
import { useCurrentKey, useKeys } from '../hooks/use-keys.js';

export interface TextInputProps {
  value: string;
  onChange: (value: string) => void;
  focus: boolean;
  /** Shown instead of each character (passwords, tokens). */
  mask?: string;
}

/**
 * A one-line text field: ink-text-input (typed or pasted text goes in at the cursor, ←/→ move it,
 * Backspace deletes before it), plus Ctrl-u to clear. Keys that steer the form (Tab, ↑/↓, Enter,
 * Esc, Ctrl-s) are left to the form: ink-text-input would type the letter of a Ctrl or Alt key into
 * the field, so a change it reports is only taken when the key that caused it was text or a delete.
 */
export function TextInput({ value, onChange, focus, mask }: TextInputProps) {
  const currentKey = useCurrentKey();
  // ink-text-input keeps its cursor where it was when the value changes from outside (a record read
  // after the form opened, Ctrl-u): a fresh instance puts it at the end of the new value.
  const outside = useRef({ value, generation: 0 });
  if (outside.current.value !== value)
    outside.current = { value, generation: outside.current.generation + 1 };
  const take = (next: string) => {
    const key = currentKey();
    if (!isTypedText(key) && !isDeleteKey(key)) return;
    outside.current = { ...outside.current, value: next };
    onChange(next);
  };
  useKeys((input, key) => {
    if (key.ctrl && input === 'u') onChange('');
  }, focus);
  return (
    <InkTextInput
      key={outside.current.generation}
      value={value}
      onChange={take}
      focus={focus}
      mask={mask}
      showCursor
    />
  );
}
