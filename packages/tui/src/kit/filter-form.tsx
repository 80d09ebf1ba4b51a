import type { FieldKind, FieldOption, FilterDef, ScreenQuery } from '@gw/core';
import { Box, Text } from 'ink';
import { useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import { useScreenFrame } from '../hooks/use-screen-frame.js';
import type { KeyBinding } from '../lib/key-bindings.js';
import { PICK_BINDINGS } from './choice-picker.js';
import { datetimeSeconds, datetimeText } from './draft.js';
import { editField, type FieldEdit, picksFromList } from './field-keys.js';
import { FieldLine, formLabelWidth } from './field-line.js';
import { useFieldOptions } from './use-field-options.js';

const FILTER_BINDINGS: readonly KeyBinding[] = [
  { keys: 'Enter', labelKey: 'tui.keys.apply' },
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
  { keys: '←/→', labelKey: 'tui.keys.choose' },
  { keys: 'Space', labelKey: 'tui.forms.open_choices' },
  { keys: 'Esc', labelKey: 'tui.keys.cancel' },
];

/** How a filter is typed in the terminal. */
function filterKind(filter: FilterDef): FieldKind {
  if (filter.kind === 'select') return 'select';
  if (filter.kind === 'int') return 'int';
  if (filter.kind === 'datetime') return 'datetime';
  return 'text';
}

/** The filters the form edits: all but the keyword (typed live with `/`). */
export function formFilters(filters: readonly FilterDef[], role: number, adminRole: number): FilterDef[] {
  return filters.filter((filter) => filter.kind !== 'keyword' && (!filter.adminOnly || role >= adminRole));
}

export interface FilterFormProps {
  filters: readonly FilterDef[];
  query: ScreenQuery;
  onApply: (values: Record<string, string>) => void;
  onCancel: () => void;
}

/** The screen's filters as a form (text, select, int, datetime); Enter applies them from page 1. */
export function FilterForm({ filters, query, onApply, onCancel }: FilterFormProps) {
  const { t, columns } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      filters.map((filter) => {
        const value = query[filter.name];
        const text = value === undefined ? '' : String(value);
        return [filter.name, filter.kind === 'datetime' && text ? datetimeText(Number(text)) : text];
      }),
    ),
  );
  const [focus, setFocus] = useState(0);
  // A select's ink-select-input list is open under the focused filter; it has the keys meanwhile.
  const [picking, setPicking] = useState(false);
  const { optionsOf } = useFieldOptions(client, filters);
  const optionLabel = (option: FieldOption) =>
    option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value));
  // A choice read from the server gets an "any" first, as fixed choices have.
  const choices = (filter: FilterDef) => {
    const options = optionsOf(filter);
    if (!options || filter.options) return options;
    return [{ value: '', labelKey: 'tui.kit.any' }, ...options];
  };

  // The list hands the footer to the open filters (ResourceScreen publishes nothing meanwhile).
  useScreenFrame(picking ? PICK_BINDINGS : FILTER_BINDINGS, true);
  const setValue = (name: string, value: unknown) =>
    setValues((previous) => ({ ...previous, [name]: String(value ?? '') }));

  useKeys((input, key) => {
    if (picking) return;
    if (key.escape) return onCancel();
    if (key.return) {
      const applied: Record<string, string> = {};
      for (const filter of filters) {
        const text = (values[filter.name] ?? '').trim();
        applied[filter.name] = filter.kind === 'datetime' && text ? String(datetimeSeconds(text)) : text;
      }
      return onApply(applied);
    }
    if ((key.tab && key.shift) || key.upArrow) return setFocus((focus - 1 + filters.length) % filters.length);
    if (key.tab || key.downArrow) return setFocus((focus + 1) % filters.length);
    const filter = filters[focus];
    if (!filter) return;
    if (input === ' ' && picksFromList(filterKind(filter), choices(filter))) return setPicking(true);
    const edit: FieldEdit = { value: values[filter.name] ?? '', browse: 0, typed: '' };
    const next = editField(filterKind(filter), edit, input, key, choices(filter), optionLabel);
    if (next) setValue(filter.name, next.value);
  }, host.active);

  const labelWidth = formLabelWidth(
    filters.map((filter) => t(filter.labelKey)),
    columns,
  );
  return (
    <Box flexDirection="column">
      <Text bold>{t('tui.kit.filters_title')}</Text>
      {filters.map((filter, index) => (
        <FieldLine
          key={filter.name}
          kind={filterKind(filter)}
          label={t(filter.labelKey)}
          labelWidth={labelWidth}
          edit={{ value: values[filter.name] ?? '', browse: 0, typed: '' }}
          focus={index === focus}
          options={choices(filter)}
          optionLabel={optionLabel}
          onText={(value) => setValue(filter.name, value)}
          typing={host.active && !picking}
          picking={picking}
          onPick={(value) => {
            setPicking(false);
            setValue(filter.name, value);
          }}
          onPickClose={() => setPicking(false)}
          help={
            filter.kind === 'datetime'
              ? t('tui.kit.datetime_hint')
              : filter.placeholderKey
                ? t(filter.placeholderKey)
                : undefined
          }
        />
      ))}
    </Box>
  );
}
