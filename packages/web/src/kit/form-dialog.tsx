import { Alert, Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { type FormDef, type FormFieldDef, visibleFields } from '@gw/core';
import './kit.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useApp } from '../app/app-context';
import { useQuotaDisplay } from '../app/use-quota-display';
import { type FieldMessages, messagesFromServer, messagesFromZod } from '../lib/form-errors';
import { showError, showToast } from '../lib/toasts';
import { useT } from '../lib/use-t';
import { FormField } from './form-field';
import './form-dialog.css';
import { type Draft, DraftJsonError, DraftQuotaError, fromDraftValue, toDraftValue } from './form-values';

interface FormDialogProps<Row, Values, Input> {
  form: FormDef<Row, Values, Input>;
  entity: string;
  titleKey: string;
  /** The record edited, or undefined to create one. */
  row?: Row;
  doneKey?: string;
  onClose: () => void;
  /** What `create` answered, with the values sent (the codes a redemption create generated). */
  onCreated?: (values: Values, created: unknown) => void;
  /** Parameters of the title (a tag's name). */
  titleParams?: Record<string, unknown>;
  /** What a screen adds to the kit's dialog (see ValuesDialogExtras). */
  extras?: ValuesDialogExtras<Values>;
}

/** What a field adds below itself (the channel models' buttons): it reads and sets the typed values. */
export interface FieldAddonApi<Values> {
  /** The values as typed (drafts: a key-value field holds its rows), for visibility and labels. */
  values: Values;
  /** One field's value as the schema reads it (undefined while its JSON does not parse). */
  valueOf: (name: keyof Values & string) => unknown;
  set: (patch: Partial<Values>) => void;
  /** Shows messages next to their fields (a step the addon runs checked a field: the address to mail). */
  showErrors: (messages: FieldMessages) => void;
  readOnly: boolean;
  mode: 'create' | 'edit';
}

/** A screen's additions to a form dialog, beyond what core's FormDef describes. */
export interface ValuesDialogExtras<Values> {
  /** Drawn below the named field. */
  addons?: Partial<Record<string, (api: FieldAddonApi<Values>) => ReactNode>>;
  /** Drawn above the fields (a notice about the record). */
  banner?: (values: Values) => ReactNode;
  /** A class beside `gw-form-dialog` (a wider dialog). */
  className?: string;
}

/**
 * A create/edit dialog drawn from a FormDef (see {@link ValuesDialog}). When editing a form that reads
 * the whole record first (`load`), the fields wait for it; what a create answered goes to `onCreated`.
 */
export function FormDialog<Row, Values, Input>(props: FormDialogProps<Row, Values, Input>) {
  const { form, row } = props;
  const t = useT();
  const { client } = useApp();
  const full = useQuery({
    queryKey: [props.entity, 'record', row === undefined ? null : row],
    queryFn: () => (row !== undefined && form.load ? form.load(client, row) : Promise.resolve(row)),
    enabled: row !== undefined && form.load !== undefined,
    gcTime: 0,
  });
  useEffect(() => {
    if (full.error) {
      showError(full.error, t);
      props.onClose();
    }
  }, [full.error, t, props.onClose]);
  const record = row !== undefined && form.load ? full.data : row;
  const initialValues = useMemo(
    () => (row === undefined ? form.empty() : record === undefined ? undefined : form.fromRow(record)),
    [form, row, record],
  );
  if (initialValues === undefined)
    return (
      <Dialog
        isOpen
        onClose={props.onClose}
        title={t(props.titleKey, props.titleParams)}
        className={`gw-form-dialog ${props.extras?.className ?? ''}`}
      >
        <DialogBody>
          <Spinner size={24} />
        </DialogBody>
      </Dialog>
    );
  return (
    <ValuesDialog
      fields={form.fields}
      schema={form.schema}
      initialValues={initialValues}
      mode={row === undefined ? 'create' : 'edit'}
      entity={props.entity}
      titleKey={props.titleKey}
      titleParams={props.titleParams}
      doneKey={props.doneKey}
      onClose={props.onClose}
      check={form.check ? (values) => form.check?.(client, values, record) ?? Promise.resolve({}) : undefined}
      changed={form.changed}
      extras={props.extras}
      save={async (values) => {
        const input = form.toInput(values, record);
        if (record !== undefined && form.update) await form.update(client, input, record);
        else {
          // Awaited apart: an optional call skips its arguments when there is no listener.
          const created = await form.create(client, input);
          props.onCreated?.(values, created);
        }
      }}
    />
  );
}

interface ValuesDialogProps<Values> {
  fields: readonly FormFieldDef<Values>[];
  schema: FormDef<unknown, Values, unknown>['schema'];
  initialValues: Values;
  mode: 'create' | 'edit';
  entity: string;
  titleKey: string;
  titleParams?: Record<string, unknown>;
  doneKey?: string;
  /** Values a change implies (FormDef.changed). */
  changed?: (values: Values, previous: Values) => Partial<Values>;
  extras?: ValuesDialogExtras<Values>;
  /** Checks beyond the schema (they may need the row): i18n keys by field name. */
  refuse?: (values: Values) => Partial<Record<string, string>>;
  /** Checks that ask the server before saving (a name not taken): i18n keys by field name. */
  check?: (values: Values) => Promise<Partial<Record<string, string>>>;
  save: (values: Values) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A dialog of form fields: drawn by kind, the schema's errors next to each field, the server's field
 * errors mapped the same way, a guard before closing with unsaved changes, Enter submits (the fields
 * sit in one form element). After saving, every list of the entity refreshes.
 */
export function ValuesDialog<Values>(props: ValuesDialogProps<Values>) {
  const { initialValues, mode } = props;
  const t = useT();
  const quota = useQuotaDisplay();
  const queries = useQueryClient();
  const initialDraft = useMemo(() => {
    const draft: Draft = {};
    for (const field of props.fields)
      draft[field.name] = toDraftValue(field.kind, (initialValues as Draft)[field.name], quota);
    return draft;
  }, [props.fields, initialValues, quota]);
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [guarding, setGuarding] = useState(false);

  // Visibility is decided on the values as typed so far (a switch showing its dependent field).
  const typed = { ...(initialValues as Draft), ...draft } as Values;
  const fields = visibleFields(props.fields, typed, mode);
  const labels = Object.fromEntries(props.fields.map((field) => [field.name, field.labelKey]));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initialDraft);

  const read = (): Values | undefined => {
    const values: Draft = { ...(initialValues as Draft) };
    try {
      for (const field of fields)
        values[field.name] = fromDraftValue(
          field,
          draft[field.name],
          (initialValues as Draft)[field.name],
          quota,
        );
    } catch (error) {
      if (error instanceof DraftQuotaError) {
        const field = t(labels[error.field] ?? error.field);
        setErrors({ [error.field]: t(error.key, { ...error.params, field }) });
        return undefined;
      }
      if (!(error instanceof DraftJsonError)) throw error;
      setErrors({ [error.field]: t('web.kit.invalid_json') });
      return undefined;
    }
    const checked = props.schema.safeParse(values);
    if (!checked.success) {
      setErrors(messagesFromZod(checked.error, t, labels));
      return undefined;
    }
    return refuseWith(props.refuse?.(checked.data)) ? undefined : checked.data;
  };

  /** Shows refusals (i18n keys by field) next to their fields; true when there was any. */
  const refuseWith = (refusals: Partial<Record<string, string>> | undefined) => {
    const refused = Object.entries(refusals ?? {});
    if (refused.length === 0) return false;
    setErrors(
      Object.fromEntries(
        refused.map(([name, key]) => [name, t(key ?? '', { field: t(labels[name] ?? name) })]),
      ),
    );
    return true;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = read();
    if (values === undefined) return;
    setErrors({});
    setBusy(true);
    try {
      if (props.check && refuseWith(await props.check(values))) {
        setBusy(false);
        return;
      }
      await props.save(values);
      showToast('success', t(props.doneKey ?? 'web.kit.done'));
      props.onClose();
    } catch (error) {
      // Field errors show next to their fields; anything else is toasted through core's catalogue.
      const fieldMessages = messagesFromServer(error);
      if (fieldMessages && Object.keys(fieldMessages).some((name) => name in labels))
        setErrors(fieldMessages);
      else showError(error, t);
      setBusy(false);
    } finally {
      await queries.invalidateQueries({ queryKey: [props.entity] });
    }
  };

  const fieldKinds = useMemo(
    () =>
      new Map<string, FormFieldDef<Values>['kind']>(props.fields.map((field) => [field.name, field.kind])),
    [props.fields],
  );
  // One field changed: the values it implies (FormDef.changed) are merged in as drafts.
  const { changed } = props;
  const update = (patch: Draft) =>
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (!changed) return next;
      const before = { ...(initialValues as Draft), ...current } as Values;
      const after = { ...(initialValues as Draft), ...next } as Values;
      for (const [name, value] of Object.entries(changed(after, before) as Draft)) {
        const kind = fieldKinds.get(name);
        next[name] = kind ? toDraftValue(kind, value, quota) : value;
      }
      return next;
    });
  const setValues = (patch: Partial<Values>) =>
    update(
      Object.fromEntries(
        Object.entries(patch as Draft).map(([name, value]) => {
          const kind = fieldKinds.get(name);
          return [name, kind ? toDraftValue(kind, value, quota) : value];
        }),
      ),
    );

  const readValue = (name: string) => {
    const field = props.fields.find((candidate) => candidate.name === name);
    if (!field) return (typed as Draft)[name];
    try {
      return fromDraftValue(field, draft[name], (initialValues as Draft)[name], quota);
    } catch (error) {
      if (error instanceof DraftJsonError || error instanceof DraftQuotaError) return undefined;
      throw error;
    }
  };
  const renderField = (field: FormFieldDef<Values>) => {
    const readOnly = (mode === 'edit' && field.readOnlyOnEdit === true) || field.disabled?.(typed) === true;
    const addon = props.extras?.addons?.[field.name];
    return (
      <div key={`${field.name}:${field.only ?? ''}`} className="gw-form-field">
        <FormField
          field={field}
          id={`form-${field.name}`}
          value={draft[field.name]}
          values={typed}
          error={errors[field.name]}
          readOnly={readOnly}
          onChange={(value) => {
            update({ [field.name]: value });
            // The field was touched after its error: the message no longer describes it.
            setErrors((current) => withoutKey(current, field.name));
          }}
        />
        {addon?.({
          values: typed,
          valueOf: readValue,
          set: setValues,
          showErrors: setErrors,
          readOnly,
          mode,
        })}
      </div>
    );
  };
  // Consecutive fields of one section share a collapsible card (a channel plugin's parameters).
  const blocks: { section?: string; fields: FormFieldDef<Values>[] }[] = [];
  for (const field of fields) {
    const last = blocks[blocks.length - 1];
    if (last && field.section !== undefined && last.section === field.section) last.fields.push(field);
    else blocks.push({ section: field.section, fields: [field] });
  }

  const close = () => (dirty ? setGuarding(true) : props.onClose());
  return (
    <Dialog
      isOpen
      onClose={close}
      title={t(props.titleKey, props.titleParams)}
      className={`gw-form-dialog ${props.extras?.className ?? ''}`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {props.extras?.banner?.(typed)}
          {blocks.map((block) =>
            block.section === undefined ? (
              block.fields.map(renderField)
            ) : (
              // A native disclosure: folded until opened, no script of its own (the route budget).
              <details key={block.section} className="gw-form-section">
                <summary>{t(block.section)}</summary>
                <div className="gw-form-section-body">{block.fields.map(renderField)}</div>
              </details>
            ),
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('common.cancel')} onClick={close} />
              <Button type="submit" intent="primary" loading={busy} text={t('common.submit')} />
            </>
          }
        />
      </form>
      <Alert
        isOpen={guarding}
        intent="warning"
        confirmButtonText={t('web.kit.discard')}
        cancelButtonText={t('web.kit.keep_editing')}
        onConfirm={() => {
          setGuarding(false);
          props.onClose();
        }}
        onCancel={() => setGuarding(false)}
      >
        <strong>{t('web.kit.discard_title')}</strong>
        <p>{t('web.kit.discard_body')}</p>
      </Alert>
    </Dialog>
  );
}

function withoutKey(errors: FieldMessages, name: string): FieldMessages {
  if (!(name in errors)) return errors;
  const { [name]: _dropped, ...rest } = errors;
  return rest;
}
