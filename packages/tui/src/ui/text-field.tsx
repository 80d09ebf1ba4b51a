import { Box, Text } from 'ink';
import { TextInput } from './text-input.js';
import { textWidth } from './text-width.js';

export interface TextFieldProps {
  label: string;
  labelWidth: number;
  value: string;
  onChange: (value: string) => void;
  focus: boolean;
  mask?: string;
  hint?: string;
  error?: string;
  pointer: string;
}

/** One labelled line of a form: the focused field shows a pointer and takes the keystrokes. */
export function TextField({
  label,
  labelWidth,
  value,
  onChange,
  focus,
  mask,
  hint,
  error,
  pointer,
}: TextFieldProps) {
  const pad = ' '.repeat(Math.max(0, labelWidth - textWidth(label)));
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focus ? 'cyan' : undefined}>{`${focus ? pointer : ' '} ${label}${pad} `}</Text>
        <TextInput value={value} onChange={onChange} focus={focus} mask={mask} />
        {hint ? <Text dimColor>{`  ${hint}`}</Text> : null}
      </Box>
      {error ? <Text color="red">{`  ${' '.repeat(labelWidth)} ${error}`}</Text> : null}
    </Box>
  );
}

export interface ToggleFieldProps {
  label: string;
  labelWidth: number;
  value: boolean;
  focus: boolean;
  yes: string;
  no: string;
  hint?: string;
  error?: string;
  checked: string;
  unchecked: string;
  pointer: string;
}

/** A yes/no line of a form; the form toggles it with Space, y/n or the arrows. */
export function ToggleField(props: ToggleFieldProps) {
  const { label, labelWidth, value, focus, yes, no, hint, error, checked, unchecked, pointer } = props;
  const pad = ' '.repeat(Math.max(0, labelWidth - textWidth(label)));
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focus ? 'cyan' : undefined}>{`${focus ? pointer : ' '} ${label}${pad} `}</Text>
        <Text>{`${value ? checked : unchecked} ${value ? yes : no}`}</Text>
        {hint && focus ? <Text dimColor>{`  ${hint}`}</Text> : null}
      </Box>
      {error ? <Text color="red">{`  ${' '.repeat(labelWidth)} ${error}`}</Text> : null}
    </Box>
  );
}
