import type { Command } from 'commander';
import {
  getUserGroup,
  USER_GROUP_SCREEN,
  type UserGroup,
  type UserGroupFormInput,
  type UserGroupValues,
  userGroupSchema,
} from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { byNumericId, type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/** User groups (console-screens §6). */
export const GROUP_SPEC: ResourceSpec<UserGroup, UserGroupValues, UserGroupFormInput> = {
  name: 'groups',
  aliases: ['group', 'user-groups'],
  screen: USER_GROUP_SCREEN,
  get: byNumericId(getUserGroup),
  jsonFields: schemaFields(userGroupSchema),
};

/** `gw groups` (aliases `group`, `user-groups`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, GROUP_SPEC, 'cli.groups_command.description');
}
