import { Button, Classes, FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import { type FieldOption, type FormFieldDef, parseQuotaInput, renderQuota, thousands } from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApp } from '../app/app-context';
import { useQuotaDisplay } from '../app/use-quota-display';
import { useT } from '../lib/use-t';
import { DateTimeInput } from './date-time-input';
import type { KeyValueDraft } from './form-values';
import { ListField } from './list-field';
import { RatioMapField } from './ratio-map-field';
import { useOptionSource } from './option-sources';

// Loaded with the first form that has such a field: most screens' route chunks stay without it.
const KeyValueField = lazy(() =>
  import('./key-value-field').then((module) => ({ default: module.KeyValueField })),
);

/** Choices read from the server for a field: its option source, or its own `loadOptions`. */
function useFieldOptions<Values>(field: FormFieldDef<Values>): readonly FieldOption[] | undefined {
  const { client } = useApp();
  const source = useOptionSource(field.optionSource);
  // Keyed by the field's label too: two forms' `model` fields must not share their choices (a
  // function in a query key hashes to nothing).
  const own = useQuery({
    queryKey: ['field-options', field.name, field.labelKey],
    queryFn: () => field.loadOptions?.(client) ?? Promise.resolve([]),
    enabled: field.loadOptions !== undefined,
  });
  // Fixed choices come first; a field with a source as well adds what the server lists after them
  // (a token's "follow the user's group", then the groups), as the TUI does.
  const read = source ?? (field.loadOptions ? own.data : undefined);
  if (field.options && read) return [...field.options, ...read];
  return field.options ?? read;
}

/** What a quota typed in the display unit is worth in the other unit, as it is typed. */
function QuotaEquivalent({ text, signed }: { text: string; signed?: boolean }) {
  const t = useT();
  const display = useQuotaDisplay();
  // Read as the form will read it on submit (core's parseQuotaInput): `$2`, `¥14`, `100 points`.
  const read = parseQuotaInput(text, { display, plain: 'display', signed });
  if (!read.ok) return null;
  const points = read.points;
  return (
    <span className="gw-input-suffix">
      {display.displayInCurrency
        ? t('web.kit.quota_points', { points: thousands(points) })
        : t('tokens.equivalent', { amount: renderQuota(points, { ...display, displayInCurrency: true }) })}
    </span>
  );
}

interface FormFieldProps<Values> {
  field: FormFieldDef<Values>;
  id: string;
  value: unknown;
  /** The form's values as typed so far (a label or help may depend on them). */
  values?: Values;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
}

/** One form field drawn by its kind, its error (or help) under it. */
export function FormField<Values>({
  field,
  id,
  value,
  values,
  error,
  readOnly,
  onChange,
}: FormFieldProps<Values>) {
  const t = useT();
  const [shown, setShown] = useState(false);
  const loaded = useFieldOptions(field);
  const options = loaded?.map((option) => ({
    value: String(option.value),
    label: option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value)),
  }));
  // labelFor / helpFor answer i18n keys (a channel type's own wording), like labelKey / helpKey.
  const labelKey = (values && field.labelFor?.(values)) || field.labelKey;
  const helpKey = (values && field.helpFor?.(values)) || field.helpKey;
  const label = t(labelKey);
  const help = helpKey ? t(helpKey) : undefined;
  // What the typed value stands for in other units (a price's ratio ⇄ money), beside the input.
  const suffix = values && field.suffixFor?.(values, t);
  const intent = error ? 'danger' : 'none';
  const placeholder = field.placeholderKey ? t(field.placeholderKey) : undefined;
  // A text with suggestions (`freeText`) offers them in a datalist and takes any other text too.
  const listId = `${id}-options`;
  const text = (type: string) => (
    <InputGroup
      id={id}
      type={type}
      list={type === 'text' && options ? listId : undefined}
      value={String(value ?? '')}
      intent={intent}
      readOnly={readOnly}
      placeholder={placeholder}
      onValueChange={onChange}
      rightElement={suffix ? <span className="gw-input-suffix">{suffix}</span> : undefined}
    />
  );
  let input: React.ReactNode;
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          role="switch"
          label={label}
          checked={Boolean(value)}
          disabled={readOnly}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
    case 'password':
      input = (
        <InputGroup
          id={id}
          type={shown ? 'text' : 'password'}
          value={String(value ?? '')}
          intent={intent}
          readOnly={readOnly}
          autoComplete="new-password"
          onValueChange={onChange}
          rightElement={
            <Button
              variant="minimal"
              icon={shown ? 'eye-off' : 'eye-open'}
              aria-label={t(shown ? 'web.kit.hide_password' : 'web.kit.show_password')}
              onClick={() => setShown(!shown)}
            />
          }
        />
      );
      break;
    case 'textarea':
    case 'json':
      input = (
        <TextArea
          id={id}
          fill
          rows={field.rows ?? (field.kind === 'json' ? 6 : 3)}
          // JSON is code: a fixed-width font and no spelling marks (a code editor did not fit the
          // route budget, docs/decisions.md).
          className={field.kind === 'json' ? Classes.MONOSPACE_TEXT : undefined}
          spellCheck={field.kind === 'json' ? false : undefined}
          value={String(value ?? '')}
          intent={intent}
          readOnly={readOnly}
          placeholder={placeholder}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
      break;
    case 'int':
    case 'decimal':
      input = text('number');
      break;
    case 'quota':
      input = (
        <InputGroup
          id={id}
          inputMode="decimal"
          value={String(value ?? '')}
          intent={intent}
          readOnly={readOnly}
          placeholder={placeholder}
          onValueChange={onChange}
          rightElement={<QuotaEquivalent text={String(value ?? '')} signed={field.signed} />}
        />
      );
      break;
    case 'datetime':
      input = (
        <DateTimeInput
          id={id}
          label={label}
          value={String(value ?? '')}
          readOnly={readOnly}
          onChange={onChange}
        />
      );
      break;
    case 'select':
      input = options ? (
        <HTMLSelect
          id={id}
          value={String(value ?? '')}
          disabled={readOnly}
          options={
            options.some((option) => option.value === String(value ?? ''))
              ? options
              : [{ value: String(value ?? ''), label: String(value ?? '') }, ...options]
          }
          onChange={(event) => {
            const picked = event.currentTarget.value;
            // The option's own value, a number for a number field (a price's owner id).
            const typed = (loaded ?? []).find((option) => String(option.value) === picked);
            onChange(typed ? typed.value : picked);
          }}
        />
      ) : (
        text('text')
      );
      break;
    case 'list':
      input = (
        <ListField
          id={id}
          value={(value as string[]) ?? []}
          suggestions={options ?? []}
          freeText={field.freeText ?? true}
          readOnly={readOnly}
          intent={intent}
          onChange={onChange}
        />
      );
      break;
    case 'key-value':
      input = (
        <Suspense fallback={null}>
          <KeyValueField
            id={id}
            value={(value as KeyValueDraft | undefined) ?? { rows: [] }}
            readOnly={readOnly}
            intent={intent}
            onChange={onChange}
          />
        </Suspense>
      );
      break;
    case 'ratio-map':
      input = (
        <RatioMapField
          id={id}
          value={(value as Record<string, string>) ?? {}}
          names={(options ?? []).map((option, index) => ({ ...option, icon: loaded?.[index]?.icon }))}
          emptyText={placeholder}
          readOnly={readOnly}
          intent={intent}
          onChange={onChange}
        />
      );
      break;
    case 'multi-select':
      // Choices that may be added to (a price's models): chips with the choices as suggestions.
      if (field.freeText) {
        input = (
          <ListField
            id={id}
            value={((value as unknown[]) ?? []).map(String)}
            suggestions={options ?? []}
            freeText
            readOnly={readOnly}
            intent={intent}
            copyChips={field.copyChips}
            onChange={onChange}
          />
        );
        break;
      }
      input = (
        <select
          id={id}
          multiple
          className="gw-multi-select"
          disabled={readOnly}
          value={((value as unknown[]) ?? []).map(String)}
          onChange={(event) =>
            onChange([...event.currentTarget.selectedOptions].map((option) => option.value))
          }
        >
          {(options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    default:
      input = (
        <>
          {text('text')}
          {options && (
            <datalist id={listId}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </datalist>
          )}
          {field.preview === 'image' && String(value ?? '') !== '' && (
            <img
              className="gw-field-preview"
              src={String(value)}
              alt={t('web.kit.preview', { name: label })}
            />
          )}
        </>
      );
  }
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={field.required ? '*' : undefined}
      intent={intent}
      helperText={error ?? help}
    >
      {input}
    </FormGroup>
  );
}
