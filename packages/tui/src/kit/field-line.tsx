import { displayWidth, type FieldKind, type FieldOption, fitCells } from '@gw/core';
import { Box, Text } from 'ink';
import { useTuiEnv } from '../hooks/tui-context.js';
import { TextInput } from '../ui/text-input.js';
import { ChoicePicker } from './choice-picker.js';
import { type FieldEdit, typesInline } from './field-keys.js';
import { draftItems, isMultiValued } from './multi-pick.js';
import { MultiPicker } from './multi-picker.js';

/** The label column of a form: as wide as its longest label, up to 40 % of the terminal (longer ones are cut). */
export function formLabelWidth(labels: readonly string[], columns: number): number {
  return Math.min(Math.max(12, Math.floor(columns * 0.4)), Math.max(4, ...labels.map(displayWidth)) + 1);
}

export interface FieldLineProps {
  kind: FieldKind;
  label: string;
  labelWidth: number;
  edit: FieldEdit;
  focus: boolean;
  readOnly?: boolean;
  options: readonly FieldOption[] | undefined;
  optionLabel: (option: FieldOption) => string;
  help?: string;
  error?: string;
  required?: boolean;
  /** The focused field's typed text, from its ink-text-input (for the kinds that type inline). */
  onText?: (value: string) => void;
  /** False while the form has the keys for something else (a question, a save under way). */
  typing?: boolean;
  /** A select's choice list is open under it (ink-select-input). */
  picking?: boolean;
  onPick?: (value: FieldOption['value']) => void;
  onPickClose?: () => void;
  /** Most choices the open list shows. */
  pickLimit?: number;
  /** A multi-valued field's editor is open under it, filtering for `filter` at first. */
  multi?: {
    filter: string;
    filtering: boolean;
    freeText: boolean;
    width: number;
    onAccept: (items: string[], move?: 1 | -1) => void;
    onClose: () => void;
  };
}

/** One line of a terminal form: pointer, label, the value as its kind shows it; error or help under it. */
export function FieldLine(props: FieldLineProps) {
  const { kind, label, labelWidth, edit, focus, options, optionLabel, help, error, readOnly } = props;
  const { t, glyphs } = useTuiEnv();
  const cursor = focus && !readOnly ? <Text inverse> </Text> : null;
  let value: string;
  let extra: string | undefined;
  if (kind === 'switch')
    value = `${edit.value ? glyphs.checked : glyphs.unchecked} ${t(edit.value ? 'common.yes' : 'common.no')}`;
  else if (kind === 'password') value = '*'.repeat([...String(edit.value ?? '')].length);
  else if (kind === 'select' && options && options.length > 0) {
    const option = options.find((one) => String(one.value) === String(edit.value));
    value = `${focus ? '‹ ' : ''}${option ? optionLabel(option) : String(edit.value ?? '')}${focus ? ' ›' : ''}`;
  } else if (isMultiValued(kind, options)) {
    const chosen = draftItems(edit.value);
    const labelOf = (item: string) => {
      const option = options?.find((one) => String(one.value) === item);
      return option ? optionLabel(option) : item;
    };
    value = chosen.length > 0 ? `(${chosen.length}) ${chosen.map(labelOf).join(', ')}` : '';
    if (focus && !props.multi && !readOnly) extra = t('tui.multi.edit_hint');
  } else value = String(edit.value ?? '').replace(/\n/g, ' ⏎ ');
  const multiValued = isMultiValued(kind, options);
  const showCursor =
    kind !== 'switch' && !(kind === 'select' && options && options.length > 0) && !multiValued;
  const marker = focus ? glyphs.pointer : ' ';
  const indent = ' '.repeat(labelWidth + 3);
  // The focused one-line field is an ink-text-input: it takes the typed keys and draws the cursor.
  const inline = focus && !readOnly && props.onText !== undefined && typesInline(kind, options);
  return (
    <Box flexDirection="column">
      <Box>
        <Text color={focus ? 'cyan' : undefined} dimColor={readOnly}>
          {`${marker} ${fitCells(`${label}${props.required ? '*' : ''}`, labelWidth, glyphs.ellipsis)} `}
        </Text>
        {inline && props.onText ? (
          <TextInput
            value={String(edit.value ?? '')}
            onChange={props.onText}
            focus={props.typing !== false}
            mask={kind === 'password' ? '*' : undefined}
          />
        ) : (
          <>
            <Text dimColor={readOnly} wrap={multiValued ? 'truncate-end' : 'truncate-start'}>
              {glyphs.text(value)}
            </Text>
            {showCursor ? cursor : null}
          </>
        )}
      </Box>
      {focus && props.picking && options && props.onPick && props.onPickClose ? (
        <ChoicePicker
          options={options}
          value={edit.value}
          optionLabel={optionLabel}
          indent={labelWidth + 3}
          limit={props.pickLimit ?? 6}
          onPick={props.onPick}
          onClose={props.onPickClose}
        />
      ) : null}
      {focus && props.multi ? (
        <MultiPicker
          options={options ?? []}
          chosen={draftItems(edit.value)}
          optionLabel={optionLabel}
          freeText={props.multi.freeText}
          initialFilter={props.multi.filter}
          startFiltering={props.multi.filtering}
          indent={labelWidth + 3}
          limit={props.pickLimit ?? 6}
          width={props.multi.width}
          onAccept={props.multi.onAccept}
          onClose={props.multi.onClose}
        />
      ) : null}
      {extra ? <Text dimColor wrap="truncate-end">{`${indent}${glyphs.text(extra)}`}</Text> : null}
      {error ? (
        <Text color="red" wrap="truncate-end">{`${indent}${error}`}</Text>
      ) : focus && help ? (
        <Text dimColor wrap="truncate-end">{`${indent}${glyphs.text(help)}`}</Text>
      ) : null}
    </Box>
  );
}
