import type { Command } from 'commander';
import { TASK_SCREEN, type Task, taskSchema } from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/**
 * Asynchronous tasks (Suno, Kling; console-screens §21): admins list everyone's, others their own, with
 * the web's filters. Read-only: the list has no form and no actions.
 */
export const TASK_SPEC: ResourceSpec<Task, unknown, unknown> = {
  name: 'tasks',
  aliases: ['task'],
  // The task screen has no form: none is offered (nor its types carried).
  screen: { ...TASK_SCREEN, form: undefined },
  jsonFields: schemaFields(taskSchema),
  flagNames: { start_timestamp: 'since', end_timestamp: 'until' },
  omit: ['view', 'export'],
};

/** `gw tasks` (alias `task`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, TASK_SPEC, 'cli.tasks.description');
}
