import { Text } from 'ink';
import { useKeys } from '../hooks/use-keys.js';

export interface TextInputProps {
  value: string;
  onChange: (value: string) => void;
  focus: boolean;
  /** Shown instead of each character (passwords, tokens). */
  mask?: string;
}

// Control characters never belong in a one-line field (a pasted chunk may carry tabs or newlines).
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;

/**
 * A one-line text field: typed or pasted text appends, Backspace deletes, Ctrl-u clears. Keys that
 * steer the form (Tab, arrows, Enter, Esc) are left to the form.
 */
export function TextInput({ value, onChange, focus, mask }: TextInputProps) {
  useKeys((input, key) => {
    if (key.backspace || key.delete) return onChange(value.slice(0, -1));
    if (key.ctrl && input === 'u') return onChange('');
    if (key.ctrl || key.meta || key.tab || key.return || key.escape || key.upArrow || key.downArrow) return;
    const text = input.replace(CONTROL, '');
    if (text) onChange(value + text);
  }, focus);
  const shown = mask ? mask.repeat([...value].length) : value;
  return (
    <Text>
      {shown}
      {focus ? <Text inverse> </Text> : null}
    </Text>
  );
}
