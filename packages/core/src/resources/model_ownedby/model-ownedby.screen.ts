// The model owner screen (console-screens §18): the whole list (the API does not page it), the owner
// form (the id fixed once created) and delete of custom owners.
import { type FormDef, pageLocally, type ScreenDef } from '../../screens/screen-model.js';
import {
  createModelOwner,
  deleteModelOwner,
  listModelOwners,
  updateModelOwner,
} from './model-ownedby.api.js';
import { MODEL_OWNEDBY_COLUMNS } from './model-ownedby.fields.js';
import {
  MAX_BUILT_IN_OWNER_ID,
  type ModelOwnedBy,
  type ModelOwnedByCreateInput,
  modelOwnedByCreateSchema,
  modelOwnedByUpdateSchema,
} from './model-ownedby.schema.js';

/** What the owner form edits; no id on create lets the server take the next free one above 1000. */
export interface ModelOwnerValues {
  id?: number;
  name: string;
  icon: string;
}

export const MODEL_OWNER_FORM: FormDef<ModelOwnedBy, ModelOwnerValues, ModelOwnedByCreateInput> = {
  fields: [
    {
      name: 'id',
      kind: 'int',
      labelKey: 'model_ownedby.fields.id',
      helpKey: 'model_ownedby.form.id_help',
      readOnlyOnEdit: true,
    },
    { name: 'name', kind: 'text', labelKey: 'model_ownedby.fields.name', required: true },
    {
      name: 'icon',
      kind: 'text',
      labelKey: 'model_ownedby.fields.icon',
      placeholderKey: 'model_ownedby.form.icon_placeholder',
      preview: 'image',
    },
  ],
  schema: modelOwnedByCreateSchema,
  // A built-in owner (id 1–1000) may be renamed or given another icon, not deleted.
  editSchema: modelOwnedByUpdateSchema,
  empty: () => ({ name: '', icon: '' }),
  fromRow: (owner) => ({ id: owner.id, name: owner.name, icon: owner.icon }),
  toInput: (values, owner) => {
    const id = owner?.id ?? values.id;
    return id === undefined
      ? { name: values.name, icon: values.icon }
      : { id, name: values.name, icon: values.icon };
  },
  create: (client, input) => createModelOwner(client, input),
  update: (client, input, owner) => updateModelOwner(client, { ...input, id: owner.id }),
  doneKey: 'model_ownedby.saved',
};

export const MODEL_OWNER_SCREEN: ScreenDef<ModelOwnedBy, ModelOwnerValues, ModelOwnedByCreateInput> = {
  id: 'model_ownedby',
  titleKey: 'model_ownedby.title',
  entity: 'model_ownedby',
  rowKey: (owner) => owner.id,
  rowName: (owner) => owner.name,
  columns: MODEL_OWNEDBY_COLUMNS,
  list: async (client, query) =>
    pageLocally(await listModelOwners(client), query, (owner) => [String(owner.id), owner.name]),
  // The spec's screen has no search; the list is short.
  filters: [],
  defaultOrder: 'id',
  pageSizeKey: 'model_ownedby',
  emptyKey: 'model_ownedby.empty',
  rowActions: [
    {
      id: 'delete',
      labelKey: 'common.delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'model_ownedby.confirm_delete',
      // The server keeps owners 1–1000 (the channel types' own).
      applies: (owner) => owner.id > MAX_BUILT_IN_OWNER_ID,
      run: async (client, owners) => {
        for (const owner of owners) await deleteModelOwner(client, owner.id);
      },
      doneKey: 'model_ownedby.deleted',
    },
  ],
  form: MODEL_OWNER_FORM,
  editable: true,
};
