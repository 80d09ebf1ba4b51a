import {
  createdListFile,
  type FieldOption,
  type FormDef,
  type FormFieldDef,
  GwApiError,
  visibleFields,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import { useScreenFrame } from '../hooks/use-screen-frame.js';
import type { KeyBinding } from '../lib/key-bindings.js';
import { PICK_BINDINGS } from './choice-picker.js';
import { CreatedList } from './created-list.js';
import { type Draft, toDraftValue } from './draft.js';
import { editField, type FieldEdit, multiFieldKey, picksFromList } from './field-keys.js';
import { FieldLine, formLabelWidth } from './field-line.js';
import { draftItems, isMultiValued, itemsDraft } from './multi-pick.js';
import { MULTI_PICK_BINDINGS } from './multi-picker.js';
import { type DraftReader, draftOf, looseValues, type Messages, readDraft } from './use-form-draft.js';
import { useFieldOptions } from './use-field-options.js';

const FORM_BINDINGS: readonly KeyBinding[] = [
  { keys: 'Enter/Ctrl-s', labelKey: 'tui.keys.submit' },
  { keys: 'Tab/S-Tab', labelKey: 'tui.keys.next_field' },
  { keys: '←/→', labelKey: 'tui.keys.choose' },
  { keys: 'Space', labelKey: 'tui.forms.open_choices' },
  { keys: 'Esc', labelKey: 'tui.keys.cancel' },
];

export interface ResourceFormProps<Row, Values, Input> {
  form: FormDef<Row, Values, Input>;
  /** The row edited; undefined to create. */
  row?: Row;
  /** Where "write to a file" puts a created list. */
  saveDir: string;
  onClose: (saved: boolean) => void;
}

/** Per-field messages of a server refusal that names fields, keyed by the top-level field. */
function serverMessages(error: unknown, t: DraftReader<unknown>['t'], label: (name: string) => string) {
  if (!(error instanceof GwApiError) || error.fields.length === 0) return undefined;
  const messages: Messages = {};
  for (const field of error.fields) {
    const top = field.field.split('.')[0] ?? field.field;
    messages[top] ??= t(field.key, { ...field.params, field: label(top) });
  }
  return messages;
}

/**
 * A create/edit form drawn from a core FormDef: each field by its kind, every message next to its
 * field (checked again on every change once shown, so a fixed field's message goes at once), the
 * form's server-side checks and the server's field errors on their fields, values a change implies
 * (a channel type's models), Esc asking first when something changed, and a created list (codes, a
 * key) shown after saving with copy and write-to-a-file.
 */
export function ResourceForm<Row, Values, Input>({
  form,
  row,
  saveDir,
  onClose,
}: ResourceFormProps<Row, Values, Input>) {
  const { t, glyphs, columns } = useTuiEnv();
  const { client, quota, status } = useSession();
  const host = useScreenHost();
  const mode = row === undefined ? 'create' : 'edit';
  const [record, setRecord] = useState<Row | undefined>(row);
  const [loading, setLoading] = useState(row !== undefined && form.load !== undefined);
  const initialValues = useMemo(
    () => (record === undefined ? form.empty() : form.fromRow(record)),
    [form, record],
  );
  const initialDraft = useMemo(
    () => draftOf(form.fields, initialValues, quota),
    [form, initialValues, quota],
  );
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [pending, setPending] = useState<Record<string, { browse: number; typed: string }>>({});
  const [focusName, setFocusName] = useState<string>('');
  const [errors, setErrors] = useState<Messages>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [guarding, setGuarding] = useState(false);
  // A select's ink-select-input list is open under the focused field; it has the keys meanwhile.
  const [picking, setPicking] = useState(false);
  // A multi-valued field's editor is open under the focused field; it has the keys meanwhile.
  const [multi, setMulti] = useState<{ filter: string; filtering: boolean }>();
  const [created, setCreated] = useState<{ name: string; text: string; items: readonly string[] }>();
  const { optionsOf, failed } = useFieldOptions(client, form.fields as readonly FormFieldDef<unknown>[]);
  const reader: DraftReader<Values> = {
    form,
    mode,
    initial: initialValues,
    quota,
    usdRate: status.PaymentUSDRate,
    t,
  };

  // A record whose list row leaves fields out is read whole before editing.
  useEffect(() => {
    if (row === undefined || !form.load) return;
    let live = true;
    form.load(client, row).then(
      (whole) => {
        if (!live) return;
        setRecord(whole);
        setLoading(false);
      },
      (error) => {
        if (!live) return;
        host.notifyError(error);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [client, form, row, host.notifyError]);
  useEffect(() => setDraft(initialDraft), [initialDraft]);

  const typed = { ...(initialValues as Draft), ...draft } as Values;
  const fields = visibleFields(form.fields, typed, mode);
  const locked = (field: FormFieldDef<Values>) =>
    (mode === 'edit' && field.readOnlyOnEdit === true) || field.disabled?.(typed) === true;
  const editable = fields.filter((field) => !locked(field));
  const focused = editable.find((field) => field.name === focusName) ?? editable[0];
  const labelOf = (field: FormFieldDef<Values>) => t(field.labelFor?.(typed) ?? field.labelKey);
  const labelKeys = Object.fromEntries(form.fields.map((field) => [field.name, field.labelKey]));
  const optionLabel = (option: FieldOption) =>
    option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initialDraft);
  const editOf = (name: string): FieldEdit => ({
    value: draft[name],
    browse: pending[name]?.browse ?? 0,
    typed: pending[name]?.typed ?? '',
  });

  /** The draft after one field changed, with what the change implies (core's FormDef.changed). */
  const withImplied = (next: Draft): Draft => {
    const result = next;
    if (!form.changed) return result;
    const implied = form.changed(looseValues(reader, result), looseValues(reader, draft)) as Draft;
    for (const [name, value] of Object.entries(implied)) {
      const kind = form.fields.find((one) => one.name === name)?.kind;
      result[name] = kind ? toDraftValue(kind, value, quota) : value;
    }
    return result;
  };

  const change = (field: FormFieldDef<Values>, edit: FieldEdit) => {
    const next = withImplied({ ...draft, [field.name]: edit.value });
    setDraft(next);
    setPending((previous) => ({ ...previous, [field.name]: { browse: edit.browse, typed: edit.typed } }));
    // Once the messages show, every change checks again: a fixed field's message goes at once.
    const remaining = checked
      ? readDraft(reader, next).messages
      : (({ [field.name]: _gone, ...rest }) => rest)(errors);
    setErrors(remaining);
    // The status line follows: the next message still open, or nothing once all are fixed.
    if (checked || errors[field.name]) host.notify(Object.values(remaining)[0] ?? '', 'error');
  };

  /** Focus to the editable field `step` away from `from` (Tab and Shift-Tab, wrapping around). */
  const moveFocus = (from: FormFieldDef<Values>, step: number) => {
    const index = Math.max(0, editable.indexOf(from));
    setFocusName(editable[(index + step + editable.length) % editable.length]?.name ?? '');
  };

  const refuse = (messages: Messages) => {
    setErrors(messages);
    const first = editable.find((field) => messages[field.name]);
    if (first) setFocusName(first.name);
    host.notify(Object.values(messages)[0] ?? '', 'error');
  };

  const submit = async () => {
    const settled = { ...draft };
    const { values, messages } = readDraft(reader, settled);
    setChecked(true);
    if (!values) return refuse(messages);
    setErrors({});
    setBusy(true);
    try {
      const refusals = (await form.check?.(client, values, record)) ?? {};
      const named = Object.entries(refusals).filter((entry): entry is [string, string] => Boolean(entry[1]));
      if (named.length > 0) {
        setBusy(false);
        return refuse(
          Object.fromEntries(
            named.map(([name, key]) => [
              name,
              t(key, { field: labelKeys[name] ? t(labelKeys[name]) : name }),
            ]),
          ),
        );
      }
      const input = form.toInput(values, record);
      const answer =
        record !== undefined && form.update
          ? await form.update(client, input, record)
          : await form.create(client, input);
      host.notify(t((record ? form.updatedKey : form.createdKey) ?? form.doneKey ?? 'tui.kit.saved'));
      if (record === undefined && form.afterCreate) {
        const file = createdListFile(form.afterCreate, values, answer);
        setCreated({ ...file, items: form.afterCreate.items(answer) });
        setBusy(false);
        return;
      }
      onClose(true);
    } catch (error) {
      const messages = serverMessages(error, t, (name) => (labelKeys[name] ? t(labelKeys[name]) : name));
      if (messages && Object.keys(messages).some((name) => name in labelKeys)) refuse(messages);
      else host.notifyError(error);
      setBusy(false);
    }
  };

  useScreenFrame(
    multi ? MULTI_PICK_BINDINGS : picking ? PICK_BINDINGS : FORM_BINDINGS,
    true,
    undefined,
    undefined,
    created === undefined,
  );

  useKeys(
    (input, key) => {
      if (guarding) {
        setGuarding(false);
        if (input === 'y' || input === 'Y') onClose(false);
        return;
      }
      if (busy || loading || picking || multi) return;
      if (key.escape) return dirty ? setGuarding(true) : onClose(false);
      // Ctrl-s submits from any field; Enter does too, except in a textarea, where it starts a line
      // (a pasted list of keys arrives with its newlines as Enter keys).
      if (key.ctrl && input === 's') return void submit();
      if (key.return && focused?.kind === 'textarea')
        return change(focused, { ...editOf(focused.name), value: `${String(draft[focused.name] ?? '')}\n` });
      if (key.return) return void submit();
      if (!focused) return;
      if ((key.tab && key.shift) || key.upArrow) return moveFocus(focused, -1);
      if (key.tab || key.downArrow) return moveFocus(focused, 1);
      if (input === ' ' && picksFromList(focused.kind, optionsOf(focused))) return setPicking(true);
      if (isMultiValued(focused.kind, optionsOf(focused))) {
        const action = multiFieldKey(draftItems(draft[focused.name]), input, key);
        if (!action) return;
        if ('open' in action) return setMulti(action.open);
        return change(focused, { ...editOf(focused.name), value: itemsDraft(focused.kind, action.items) });
      }
      const next = editField(focused.kind, editOf(focused.name), input, key, optionsOf(focused), optionLabel);
      if (next) change(focused, next);
    },
    host.active && created === undefined,
  );

  if (created)
    return (
      <CreatedList
        title={t(form.afterCreate?.titleKey ?? 'tui.kit.saved')}
        help={form.afterCreate?.helpKey ? t(form.afterCreate.helpKey) : undefined}
        file={created}
        saveDir={saveDir}
        onClose={() => onClose(true)}
      />
    );
  const labelWidth = formLabelWidth(fields.map(labelOf), columns);
  // The fields around the focused one that fit the pane: a line each, one more for each message and
  // for the focused field's help, and the title and the "more fields" lines.
  const messageLines = fields.filter((field) => errors[field.name]).length;
  const pickLimit = Math.max(2, Math.min(6, host.height - 9));
  const room = Math.max(
    3,
    host.height - 3 - messageLines - 1 - (picking ? pickLimit + 1 : 0) - (multi ? pickLimit + 2 : 0),
  );
  const focusIndex = focused ? fields.indexOf(focused) : 0;
  const start = Math.max(0, Math.min(focusIndex - Math.floor(room / 2), fields.length - room));
  // An edit title may name the record (`Edit tag {{tag}}`).
  const title = t(
    (mode === 'create' ? form.createTitleKey : form.editTitleKey) ??
      (mode === 'create' ? 'tui.kit.create' : 'tui.kit.edit'),
    record === undefined ? {} : (record as Record<string, unknown>),
  );
  return (
    <Box flexDirection="column">
      <Text bold>{title}</Text>
      {fields.slice(start, start + room).map((field) => {
        const suffix = field.suffixFor?.(typed, t);
        const help = failed.includes(field.name)
          ? t('tui.kit.options_failed')
          : field.helpFor?.(typed)
            ? t(field.helpFor(typed) ?? '')
            : field.helpKey
              ? t(field.helpKey)
              : undefined;
        return (
          <FieldLine
            key={`${field.name}-${field.only ?? ''}`}
            kind={field.kind}
            label={labelOf(field)}
            labelWidth={labelWidth}
            edit={editOf(field.name)}
            focus={field === focused}
            readOnly={locked(field)}
            options={optionsOf(field)}
            optionLabel={optionLabel}
            help={[suffix, help].filter(Boolean).join('  ') || undefined}
            error={errors[field.name]}
            required={field.required}
            onText={(value) => change(field, { ...editOf(field.name), value })}
            typing={host.active && !guarding && !busy && !loading && !picking && !multi}
            picking={picking}
            pickLimit={pickLimit}
            onPick={(value) => {
              setPicking(false);
              change(field, { ...editOf(field.name), value });
            }}
            onPickClose={() => setPicking(false)}
            multi={
              multi && field === focused
                ? {
                    ...multi,
                    // Values not in the list: where core allows them, or while there is no list to offer.
                    freeText: field.freeText === true || optionsOf(field) === undefined,
                    width: columns,
                    onAccept: (items, move) => {
                      setMulti(undefined);
                      change(field, { ...editOf(field.name), value: itemsDraft(field.kind, items) });
                      if (move) moveFocus(field, move);
                    },
                    onClose: () => setMulti(undefined),
                  }
                : undefined
            }
          />
        );
      })}
      {start + room < fields.length ? (
        <Text dimColor>{glyphs.text(t('tui.kit.more_fields', { count: fields.length - start - room }))}</Text>
      ) : null}
      {loading || busy ? <Text>{glyphs.text(t('common.loading'))}</Text> : null}
      {guarding ? <Text color="yellow" bold>{`${t('tui.kit.discard_confirm')} [y/N]`}</Text> : null}
    </Box>
  );
}
