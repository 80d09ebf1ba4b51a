// The user group screen (console-screens §6): the list with its enable switch, the create/edit form and
// delete, described once for every face.
import { z } from 'zod';
import type { FieldOption, FormDef, ScreenDef } from '../../screens/screen-model.js';
import {
  createUserGroup,
  deleteUserGroup,
  listUserGroups,
  toggleUserGroup,
  updateUserGroup,
} from './user-groups.api.js';
import { USER_GROUP_COLUMNS } from './user-groups.fields.js';
import {
  DEFAULT_USER_GROUP,
  type UserGroup,
  type UserGroupCreateInput,
  type UserGroupUpdateInput,
  userGroupCreateSchema,
} from './user-groups.schema.js';

/** What the group form edits. */
export interface UserGroupValues {
  symbol: string;
  name: string;
  ratio: number;
  api_rate: number;
  public: boolean;
  promotion: boolean;
  min: number;
  max: number;
  enable: boolean;
}

/** The body of a create (with symbol and enable) or of an update (with the id, without them). */
export type UserGroupFormInput = UserGroupCreateInput | UserGroupUpdateInput;

/** The API rate a new group's form starts with (console-screens §6; a body without one gets 600). */
export const USER_GROUP_FORM_API_RATE = 300;

/**
 * On edit the symbol is shown, not sent (the server ignores it), so an old one-hub symbol that is not
 * English does not block editing the rest.
 */
const userGroupEditSchema = userGroupCreateSchema.safeExtend({ symbol: z.string() });

const isUpdate = (input: UserGroupFormInput): input is UserGroupUpdateInput => 'id' in input;

export const USER_GROUP_FORM: FormDef<UserGroup, UserGroupValues, UserGroupFormInput> = {
  fields: [
    {
      name: 'symbol',
      kind: 'text',
      labelKey: 'user_groups.fields.symbol',
      helpKey: 'user_groups.form.symbol_help',
      required: true,
      readOnlyOnEdit: true,
    },
    {
      name: 'name',
      kind: 'text',
      labelKey: 'user_groups.fields.name',
      helpKey: 'user_groups.form.name_help',
      required: true,
    },
    { name: 'ratio', kind: 'decimal', labelKey: 'user_groups.fields.ratio', required: true },
    {
      name: 'api_rate',
      kind: 'int',
      labelKey: 'user_groups.fields.api_rate',
      helpKey: 'user_groups.form.api_rate_help',
    },
    {
      name: 'promotion',
      kind: 'switch',
      labelKey: 'user_groups.fields.promotion',
      helpKey: 'user_groups.form.promotion_help',
    },
    { name: 'min', kind: 'int', labelKey: 'user_groups.fields.min', helpKey: 'user_groups.form.min_help' },
    { name: 'max', kind: 'int', labelKey: 'user_groups.fields.max', helpKey: 'user_groups.form.max_help' },
    { name: 'public', kind: 'switch', labelKey: 'user_groups.fields.public' },
    // A group's enable is changed by its switch in the list; the update body does not carry it.
    { name: 'enable', kind: 'switch', labelKey: 'user_groups.fields.enable', only: 'create' },
  ],
  schema: userGroupCreateSchema,
  editSchema: userGroupEditSchema,
  empty: () => ({
    symbol: '',
    name: '',
    ratio: 1,
    api_rate: USER_GROUP_FORM_API_RATE,
    public: false,
    promotion: false,
    min: 0,
    max: 0,
    enable: true,
  }),
  fromRow: (group) => ({
    symbol: group.symbol,
    name: group.name,
    ratio: group.ratio,
    api_rate: group.api_rate,
    public: group.public,
    promotion: group.promotion,
    min: group.min,
    max: group.max,
    enable: group.enable,
  }),
  toInput: (values, group) => {
    const { symbol, enable, ...edited } = values;
    return group ? { ...edited, id: group.id } : { ...edited, symbol, enable };
  },
  create: (client, input) => createUserGroup(client, input as UserGroupCreateInput),
  update: (client, input) => {
    if (!isUpdate(input)) throw new TypeError('a group update needs the group id');
    return updateUserGroup(client, input);
  },
  doneKey: 'user_groups.saved',
};

const ENABLE_OPTIONS: readonly FieldOption[] = [
  { value: '', labelKey: 'common.all' },
  { value: 'true', labelKey: 'user_groups.enabled' },
  { value: 'false', labelKey: 'user_groups.disabled' },
];

/** The `default` group can be neither disabled nor deleted (contract §1.10). */
const isDefault = (group: UserGroup) => group.symbol === DEFAULT_USER_GROUP;

export const USER_GROUP_SCREEN: ScreenDef<UserGroup, UserGroupValues, UserGroupFormInput> = {
  id: 'user_group',
  titleKey: 'user_groups.title',
  entity: 'user_groups',
  rowKey: (group) => group.id,
  rowName: (group) => group.name || group.symbol,
  columns: USER_GROUP_COLUMNS,
  list: (client, query) =>
    listUserGroups(client, {
      page: query.page,
      size: query.size,
      order: query.order,
      // one-hub's name-prefix parameter is capitalised.
      Name: query.name === undefined ? undefined : String(query.name),
      enable: query.enable === undefined ? undefined : String(query.enable) === 'true',
    }),
  filters: [
    {
      name: 'name',
      kind: 'keyword',
      labelKey: 'user_groups.fields.name',
      placeholderKey: 'user_groups.filters.name_placeholder',
    },
    { name: 'enable', kind: 'select', labelKey: 'user_groups.fields.enable', options: ENABLE_OPTIONS },
  ],
  defaultOrder: 'id',
  pageSizeKey: 'user_group',
  emptyKey: 'user_groups.empty',
  status: {
    column: 'enable',
    isOn: (group) => group.enable,
    // The API toggles; asking for the state the group already has changes nothing.
    set: async (client, group, on) => {
      if (group.enable !== on) await toggleUserGroup(client, group.id);
    },
    applies: (group) => !isDefault(group),
  },
  rowActions: [
    {
      id: 'delete',
      labelKey: 'common.delete',
      icon: 'trash',
      intent: 'danger',
      confirmKey: 'user_groups.confirm_delete',
      applies: (group) => !isDefault(group),
      run: async (client, groups) => {
        for (const group of groups) await deleteUserGroup(client, group.id);
      },
      doneKey: 'user_groups.deleted',
    },
  ],
  form: USER_GROUP_FORM,
  editable: true,
};
