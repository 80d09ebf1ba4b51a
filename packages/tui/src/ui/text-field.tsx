import { padCells } from '@gw/core';
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { TextInput } from './text-input.js';

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

interface FieldFrameProps {
  label: string;
  labelWidth: number;
  focus: boolean;
  pointer: string;
  error?: string;
  children: ReactNode;
}

/** The part every form line shares: pointer and padded label before the input, the error under it. */
function FieldFrame({ label, labelWidth, focus, pointer, error, children }: FieldFrameProps) {
  return (
    <Box flexDirection="column">
      <Box>
        <Text
          color={focus ? 'cyan' : undefined}
        >{`${focus ? pointer : ' '} ${padCells(label, labelWidth)} `}</Text>
        {children}
      </Box>
      {error ? <Text color="red">{`  ${' '.repeat(labelWidth)} ${error}`}</Text> : null}
    </Box>
  );
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
  return (
    <FieldFrame label={label} labelWidth={labelWidth} focus={focus} pointer={pointer} error={error}>
      <TextInput value={value} onChange={onChange} focus={focus} mask={mask} />
      {hint ? <Text dimColor>{`  ${hint}`}</Text> : null}
    </FieldFrame>
  );
}
