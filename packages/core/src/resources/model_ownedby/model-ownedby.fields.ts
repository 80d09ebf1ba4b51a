import type { ColumnDef } from '../../format/columns.js';
import type { ModelOwnedBy } from './model-ownedby.schema.js';

/** The model owner table's columns (console-screens §18). */
export const MODEL_OWNEDBY_COLUMNS: readonly ColumnDef<ModelOwnedBy>[] = [
  { id: 'id', titleKey: 'model_ownedby.fields.id', priority: 1, value: (owner) => String(owner.id) },
  { id: 'name', titleKey: 'model_ownedby.fields.name', priority: 1, value: (owner) => owner.name },
  {
    id: 'icon',
    titleKey: 'model_ownedby.fields.icon',
    priority: 3,
    image: true,
    value: (owner) => owner.icon,
  },
];
