// The admin Users screen (console-screens §5) described once: every face's kit renders it.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { ROLES } from '../../roles/roles.js';
import { type ActionDef, actionWithInput, type FormDef, type ScreenDef } from '../../screens/screen-model.js';
import { changeUserQuota, createUser, listUsers, manageUser, updateUser } from './users-admin.api.js';
import {
  GROUP_SYMBOL_MAX,
  quotaChangeRefusal,
  type UserManageAction,
  userQuotaChangeSchema,
  userCreateSchema,
  userUpdateSchema,
} from './users-admin.schema.js';
import { USER_COLUMNS } from './users.fields.js';
import { DISPLAY_NAME_MAX, USER_STATUS, type User } from './users.schema.js';

/** What the user editor holds; `id` is 0 for a new user. */
export interface UserFormValues {
  id: number;
  username: string;
  display_name: string;
  password: string;
  group: string;
}

/** The editor's body: a create body for a new user, the full user with the edits for an existing one. */
export type UserFormInput =
  | { kind: 'create'; username: string; password: string; display_name: string }
  | { kind: 'update'; body: Record<string, unknown> };

/** The editor's checks: the admin schemas' rules, and a password only required on create. */
export const userFormSchema: z.ZodType<UserFormValues> = z
  .object({
    id: z.number(),
    username: userCreateSchema.shape.username,
    display_name: z.string().max(DISPLAY_NAME_MAX, 'validation.max_length'),
    password: z.string().refine((value) => userUpdateSchema.shape.password.safeParse(value).success, {
      message: 'validation.user.password_length',
      params: { min: 8, max: 20 },
    }),
    group: z.string().max(GROUP_SYMBOL_MAX, 'validation.max_length'),
  })
  .superRefine((values, ctx) => {
    if (values.id === 0 && values.password === '') {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' });
    }
  });

export const userForm: FormDef<User, UserFormValues, UserFormInput> = {
  fields: [
    { name: 'username', kind: 'text', labelKey: 'users.fields.username', required: true },
    { name: 'display_name', kind: 'text', labelKey: 'users.fields.display_name' },
    { name: 'password', kind: 'password', labelKey: 'users.fields.password', required: true, only: 'create' },
    {
      name: 'password',
      kind: 'password',
      labelKey: 'users.fields.password',
      helpKey: 'users.screen.password_keep',
      only: 'edit',
    },
    {
      name: 'group',
      kind: 'select',
      labelKey: 'users.fields.group',
      optionSource: 'user_groups',
      only: 'edit',
    },
  ],
  schema: userFormSchema,
  createTitleKey: 'users.screen.create',
  editTitleKey: 'users.screen.edit',
  createdKey: 'users.screen.created',
  updatedKey: 'users.screen.updated',
  empty: () => ({ id: 0, username: '', display_name: '', password: '', group: 'default' }),
  fromRow: (user) => ({
    id: user.id,
    username: user.username,
    display_name: user.display_name ?? '',
    password: '',
    group: user.group || 'default',
  }),
  toInput: (values, row) =>
    row
      ? { kind: 'update', body: { ...row, ...values, id: row.id } }
      : {
          kind: 'create',
          username: values.username,
          password: values.password,
          display_name: values.display_name || values.username,
        },
  create: (client, input) =>
    input.kind === 'create'
      ? createUser(client, {
          username: input.username,
          password: input.password,
          display_name: input.display_name,
        })
      : Promise.reject(new Error('create needs a create body')),
  update: (client, input) =>
    input.kind === 'update'
      ? updateUser(client, input.body as Parameters<typeof updateUser>[1])
      : Promise.reject(new Error('update needs an update body')),
};

/** One `POST /api/user/manage` action on each row, one after another (the server checks each). */
function manage(action: UserManageAction) {
  return async (client: ApiClient, rows: readonly User[]) => {
    for (const row of rows) await manageUser(client, row.username, action);
  };
}

const notRoot = (user: User) => user.role < ROLES.root;

/** What the quota-change dialog holds: a signed delta in points (shown in the display unit) and a remark. */
export interface UserQuotaValues {
  quota: number;
  remark: string;
}

/** Change quota (spec §5): a signed delta with a remark; a deduction never beyond the balance. */
export const CHANGE_QUOTA_ACTION: ActionDef<User> = actionWithInput<User, UserQuotaValues>({
  id: 'change_quota',
  labelKey: 'users.screen.change_quota',
  icon: 'dollar',
  doneKey: 'users.screen.quota_changed',
  input: {
    titleKey: 'users.screen.change_quota',
    fields: [
      {
        name: 'quota',
        kind: 'quota',
        labelKey: 'users.screen.quota_delta',
        helpKey: 'users.screen.quota_delta_help',
        required: true,
        signed: true,
      },
      { name: 'remark', kind: 'text', labelKey: 'users.screen.remark' },
    ],
    schema: userQuotaChangeSchema,
    empty: () => ({ quota: 0, remark: '' }),
    refuse: (values, user) => {
      const refusal = quotaChangeRefusal(user.quota, values.quota);
      return refusal ? { quota: refusal } : {};
    },
    run: (client, user, values) => changeUserQuota(client, user.id, values),
  },
});

export const USER_ROW_ACTIONS: readonly ActionDef<User>[] = [
  CHANGE_QUOTA_ACTION,
  {
    id: 'set_common',
    labelKey: 'users.screen.set_common',
    icon: 'person',
    role: ROLES.admin,
    applies: (user) => notRoot(user) && user.role !== ROLES.common,
    run: manage('demote'),
    doneKey: 'users.screen.role_changed',
  },
  {
    id: 'set_reliable',
    labelKey: 'users.screen.set_reliable',
    icon: 'endorsed',
    role: ROLES.admin,
    applies: (user) => notRoot(user) && user.role !== ROLES.reliable,
    run: manage('set_reliable'),
    doneKey: 'users.screen.role_changed',
  },
  {
    id: 'promote',
    labelKey: 'users.screen.set_admin',
    icon: 'shield',
    role: ROLES.root,
    applies: (user) => notRoot(user) && user.role !== ROLES.admin,
    run: manage('promote'),
    doneKey: 'users.screen.role_changed',
  },
  {
    id: 'delete',
    labelKey: 'common.delete',
    icon: 'trash',
    intent: 'danger',
    applies: notRoot,
    confirmKey: 'users.screen.delete_confirm',
    run: manage('delete'),
    doneKey: 'users.screen.deleted',
  },
];

export const USER_BATCH_ACTIONS: readonly ActionDef<User>[] = [
  {
    id: 'enable',
    labelKey: 'common.enable',
    icon: 'play',
    run: manage('enable'),
    doneKey: 'users.screen.enabled',
  },
  {
    id: 'disable',
    labelKey: 'common.disable',
    icon: 'pause',
    run: manage('disable'),
    doneKey: 'users.screen.disabled',
  },
  {
    id: 'delete',
    labelKey: 'common.delete',
    icon: 'trash',
    intent: 'danger',
    confirmKey: 'users.screen.delete_many_confirm',
    run: manage('delete'),
    doneKey: 'users.screen.deleted',
  },
];

/** The admin user list: keyword search, status switch, role changes, delete, create and edit. */
export const USERS_SCREEN: ScreenDef<User, UserFormValues, UserFormInput> = {
  id: 'user',
  titleKey: 'users.title',
  entity: 'users',
  rowKey: (user) => user.id,
  rowName: (user) => user.username,
  columns: USER_COLUMNS,
  list: (client, query) => listUsers(client, query),
  filters: [
    {
      name: 'keyword',
      kind: 'keyword',
      labelKey: 'common.search',
      placeholderKey: 'users.screen.search_placeholder',
    },
  ],
  defaultOrder: '-id',
  pageSizeKey: 'user',
  status: {
    column: 'status',
    labelKey: 'users.screen.status_switch',
    onKey: 'users.screen.enabled',
    offKey: 'users.screen.disabled',
    isOn: (user) => user.status === USER_STATUS.enabled,
    set: (client, user, on) => manageUser(client, user.username, on ? 'enable' : 'disable'),
  },
  rowActions: USER_ROW_ACTIONS,
  batchActions: USER_BATCH_ACTIONS,
  form: userForm,
  editable: true,
  exportCsv: true,
};
