import { type FieldOption, truncateCells } from '@gw/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import type { KeyBinding } from '../lib/key-bindings.js';
import { initialMultiPick, type MultiPickState, multiPickKey, multiPickRows } from './multi-pick.js';

/** The keys while the multi-value editor is open (the form publishes these instead of its own). */
export const MULTI_PICK_BINDINGS: readonly KeyBinding[] = [
  { keys: 'Space', labelKey: 'tui.keys.toggle' },
  { keys: 'Enter', labelKey: 'tui.keys.apply' },
  { keys: '/', labelKey: 'tui.keys.filter' },
  { keys: 'Esc', labelKey: 'tui.keys.cancel' },
  { keys: '↑/↓', labelKey: 'tui.keys.move' },
  { keys: 'a', labelKey: 'tui.keys.select_all' },
  { keys: 'Ctrl-u', labelKey: 'tui.keys.clear_field' },
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
];

export interface MultiPickerProps {
  options: readonly FieldOption[];
  /** The values chosen when it opens. */
  chosen: readonly string[];
  optionLabel: (option: FieldOption) => string;
  /** Values not in the list may be entered. */
  freeText: boolean;
  /** Text it opens filtering for (the key that opened it), if any. */
  initialFilter?: string;
  /** Opens with the filter taking the keys (`/`, or a character typed on the field). */
  startFiltering?: boolean;
  indent: number;
  /** Most rows shown at once (the list scrolls past them). */
  limit: number;
  width: number;
  /** The values accepted; `move` when Tab or Shift-Tab accepted them (go on to the next or previous field). */
  onAccept: (chosen: string[], move?: 1 | -1) => void;
  onClose: () => void;
}

/**
 * The one editor of multi-valued fields, under the field: the choices and the values chosen, Space
 * toggles, `/` filters, free entry where the field allows it, Enter accepts, Esc leaves the value as
 * it was. The form ignores keys while it is open. The keys are `multiPickKey`'s.
 */
export function MultiPicker(props: MultiPickerProps) {
  const { options, optionLabel, freeText, indent, limit, onAccept, onClose } = props;
  const { t, glyphs } = useTuiEnv();
  const [state, setState] = useState<MultiPickState>(() =>
    initialMultiPick(props.chosen, props.initialFilter ?? '', props.startFiltering),
  );
  const context = { options, label: optionLabel, freeText };
  useKeys((input, key) => {
    const result = multiPickKey(state, input, key, context, Math.max(1, limit - 1));
    if ('state' in result) return setState(result.state);
    if (result.done === 'accept') onAccept(result.chosen, result.move);
    else onClose();
  });
  const rows = multiPickRows(state, context);
  const cursor = Math.min(state.cursor, Math.max(0, rows.length - 1));
  const shown = Math.max(2, limit);
  const start = Math.max(0, Math.min(cursor - Math.floor(shown / 2), rows.length - shown));
  const width = Math.max(10, props.width - indent - 1);
  const listed = rows.filter((row) => !row.add).length;
  const total = new Set([...options.map((option) => String(option.value)), ...state.chosen]).size;
  return (
    <Box flexDirection="column" marginLeft={indent}>
      {state.filtering || state.filter ? (
        <Text>
          {glyphs.text(t('tui.multi.filter', { text: state.filter }))}
          {state.filtering ? <Text inverse> </Text> : null}
        </Text>
      ) : null}
      {rows.length === 0 ? (
        <Text dimColor>
          {glyphs.text(t(options.length === 0 && !state.filter ? 'tui.multi.empty' : 'tui.multi.none'))}
        </Text>
      ) : null}
      {rows.slice(start, start + shown).map((row, index) => {
        const here = start + index === cursor;
        const text = row.add
          ? `+ ${t('tui.multi.add', { value: row.value })}`
          : `${row.chosen ? glyphs.checked : glyphs.unchecked} ${row.label}`;
        return (
          <Text
            key={`${row.add ? '+' : ''}${row.value}`}
            color={here ? 'cyan' : undefined}
            wrap="truncate-end"
          >
            {`${here ? glyphs.pointer : ' '} ${truncateCells(glyphs.text(text), width - 2, glyphs.ellipsis)}`}
          </Text>
        );
      })}
      <Text dimColor wrap="truncate-end">
        {glyphs.text(
          `${t('tui.multi.count', { chosen: state.chosen.length, shown: listed, total })}  ${t(
            state.filtering
              ? freeText
                ? 'tui.multi.filter_hint_free'
                : 'tui.multi.filter_hint'
              : 'tui.multi.hint',
          )}`,
        )}
      </Text>
    </Box>
  );
}
