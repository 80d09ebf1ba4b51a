import { describe, expect, it } from 'vitest';
import { ROLES } from '../../roles/roles.js';
import { actionsFor, visibleFields } from '../../screens/screen-model.js';
import {
  CHANGE_QUOTA_ACTION,
  USER_ROW_ACTIONS,
  USERS_SCREEN,
  userForm,
  userFormSchema,
} from './users.screen.js';
import { userSchema } from './users.schema.js';

const user = (role: number) => userSchema.parse({ id: 7, username: 'bob', role, status: 1, group: 'vip' });

describe('the Users screen', () => {
  it('requires a password on create only, within 8–20 characters', () => {
    const fresh = userForm.empty();
    const missing = userFormSchema.safeParse({ ...fresh, username: 'bob' });
    expect(
      missing.success ? [] : missing.error.issues.map((issue) => [issue.path[0], issue.message]),
    ).toEqual([['password', 'validation.required']]);
    expect(userFormSchema.safeParse({ ...fresh, username: 'bob', password: 'short' }).success).toBe(false);
    expect(userFormSchema.safeParse({ ...userForm.fromRow(user(1)), password: '' }).success).toBe(true);
    expect(
      userFormSchema.safeParse({ ...fresh, username: 'a'.repeat(13), password: 'long-enough' }).success,
    ).toBe(false);
  });

  it('shows the password field once per mode and the group only when editing', () => {
    const names = (mode: 'create' | 'edit') =>
      visibleFields(userForm.fields, userForm.empty(), mode).map(
        (field) => `${field.name}:${field.required ?? false}`,
      );
    expect(names('create')).toEqual(['username:true', 'display_name:false', 'password:true']);
    expect(names('edit')).toEqual(['username:true', 'display_name:false', 'password:false', 'group:false']);
  });

  it('sends a create body, or the whole user with the edits (empty password keeps it)', () => {
    expect(
      userForm.toInput({ ...userForm.empty(), username: 'bob', password: 'pw-123456' }, undefined),
    ).toEqual({
      kind: 'create',
      username: 'bob',
      password: 'pw-123456',
      display_name: 'bob',
    });
    const edit = userForm.toInput({ ...userForm.fromRow(user(1)), display_name: 'B' }, user(1));
    expect(edit).toMatchObject({
      kind: 'update',
      body: { id: 7, username: 'bob', display_name: 'B', password: '', group: 'vip' },
    });
  });

  it('offers role changes by role: promote to root only, none on a super admin, not the current role', () => {
    const ids = (role: number, callerRole: number) =>
      actionsFor(USER_ROW_ACTIONS, user(role), callerRole).map((a) => a.id);
    expect(ids(ROLES.common, ROLES.admin)).toEqual(['change_quota', 'set_reliable', 'delete']);
    expect(ids(ROLES.common, ROLES.root)).toEqual(['change_quota', 'set_reliable', 'promote', 'delete']);
    expect(ids(ROLES.admin, ROLES.root)).toEqual(['change_quota', 'set_common', 'set_reliable', 'delete']);
    expect(ids(ROLES.root, ROLES.root)).toEqual(['change_quota']);
    expect(USERS_SCREEN.status?.isOn(user(1))).toBe(true);
  });
});

describe('the quota change of the Users screen', () => {
  it('asks for a non-zero delta and refuses a deduction beyond the balance', () => {
    const input = CHANGE_QUOTA_ACTION.input;
    if (!input) throw new Error('the quota change asks for values');
    const rich = userSchema.parse({ id: 7, username: 'bob', role: 1, status: 1, quota: 1000 });
    expect(input.schema.safeParse({ quota: 0, remark: '' }).success).toBe(false);
    expect(input.refuse?.({ quota: -1001, remark: '' }, rich)).toEqual({
      quota: 'users.errors.quota_below_zero',
    });
    expect(input.refuse?.({ quota: -1000, remark: '' }, rich)).toEqual({});
    expect(input.fields.map((field) => `${field.name}:${field.kind}`)).toEqual([
      'quota:quota',
      'remark:text',
    ]);
  });
});
