import { Alert, Button, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { type FormDef, type FormFieldDef, visibleFields } from '@gw/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useApp } from '../app/app-context';
import { useQuotaDisplay } from '../app/use-quota-display';
import { type FieldMessages, messagesFromServer, messagesFromZod } from '../lib/form-errors';
import { showError, showToast } from '../lib/toasts';
import { useT } from '../lib/use-t';
import { FormField } from './form-field';
import { type Draft, DraftJsonError, fromDraftValue, toDraftValue } from './form-values';

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
      <Dialog isOpen onClose={props.onClose} title={t(props.titleKey)} className="gw-form-dialog">
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
      doneKey={props.doneKey}
      onClose={props.onClose}
      check={form.check ? (values) => form.check?.(client, values, record) ?? Promise.resolve({}) : undefined}
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
  doneKey?: string;
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

  const close = () => (dirty ? setGuarding(true) : props.onClose());
  return (
    <Dialog isOpen onClose={close} title={t(props.titleKey)} className="gw-form-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogBody>
          {fields.map((field) => (
            <FormField
              key={`${field.name}:${field.only ?? ''}`}
              field={field}
              id={`form-${field.name}`}
              value={draft[field.name]}
              values={typed}
              error={errors[field.name]}
              readOnly={mode === 'edit' && field.readOnlyOnEdit === true}
              onChange={(value) => {
                setDraft((current) => {
                  const next = { ...current, [field.name]: value };
                  // A field may re-express others (a price's amounts in a newly chosen unit).
                  const rewritten = field.rewrite?.(
                    { ...(initialValues as Draft), ...next } as Values,
                    { ...(initialValues as Draft), ...current } as Values,
                  );
                  return { ...next, ...(rewritten as Draft | undefined) };
                });
                // The field was touched after its error: the message no longer describes it.
                setErrors((current) => withoutKey(current, field.name));
              }}
            />
          ))}
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
