import type { FieldOption } from '@gw/core';
import { Box, Text } from 'ink';
import SelectInput from 'ink-select-input';
import { useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import type { KeyBinding } from '../lib/key-bindings.js';

/** The keys while a choice list is open (the form publishes these instead of its own). */
export const PICK_BINDINGS: readonly KeyBinding[] = [
  { keys: '↑/↓', labelKey: 'tui.keys.move' },
  { keys: 'Enter', labelKey: 'tui.keys.choose' },
  { keys: 'Esc', labelKey: 'tui.keys.cancel' },
];

export interface ChoicePickerProps {
  options: readonly FieldOption[];
  /** The value chosen now (its option is highlighted first). */
  value: unknown;
  optionLabel: (option: FieldOption) => string;
  /** Left indent, to sit under the field's value. */
  indent: number;
  /** Most choices shown at once (the list scrolls past them). */
  limit: number;
  onPick: (value: FieldOption['value']) => void;
  onClose: () => void;
}

/**
 * A select field's choices as an ink-select-input list under the field: ↑/↓ (or j/k) move, Enter or a
 * digit picks, Esc closes with the value unchanged. The form ignores keys while it is open.
 */
export function ChoicePicker({
  options,
  value,
  optionLabel,
  indent,
  limit,
  onPick,
  onClose,
}: ChoicePickerProps) {
  const { t, glyphs } = useTuiEnv();
  useKeys((_input, key) => {
    if (key.escape) onClose();
  });
  const items = options.map((option, index) => ({
    key: `${index}`,
    label: glyphs.text(optionLabel(option)),
    value: index,
  }));
  const current = Math.max(
    0,
    options.findIndex((option) => String(option.value) === String(value)),
  );
  return (
    <Box flexDirection="column" marginLeft={indent}>
      <SelectInput
        items={items}
        initialIndex={current}
        limit={Math.max(2, limit)}
        indicatorComponent={({ isSelected }) => (
          <Text color={isSelected ? 'cyan' : undefined}>{isSelected ? `${glyphs.pointer} ` : '  '}</Text>
        )}
        onSelect={(item) => {
          const option = options[item.value];
          if (option) onPick(option.value);
        }}
      />
      <Text dimColor wrap="truncate-end">
        {glyphs.text(t('tui.forms.pick_hint'))}
      </Text>
    </Box>
  );
}
