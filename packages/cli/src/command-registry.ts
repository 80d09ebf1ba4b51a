import type { Command } from 'commander';
import type { CliContext } from './runtime/context.js';

/** A command module: loaded only when its command runs (or help, completion lists them all). */
export interface CommandModule {
  buildCommand(ctx: CliContext, root: Command): Command | Promise<Command>;
}

/** How `gw --help` groups commands: resources under the console's navigation groups, then the rest. */
export type CommandGroup = 'navigation' | 'account' | 'tools' | 'run' | 'help';

export interface CommandEntry {
  name: string;
  aliases?: readonly string[];
  descriptionKey: string;
  group: CommandGroup;
  /** The navigation item it stands for: its group titles the help section (architecture §6). */
  navItem?: string;
  hidden?: boolean;
  load(): Promise<CommandModule>;
}

/** Every top-level command of `gw`, in help order. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'dashboard',
    aliases: ['home'],
    descriptionKey: 'cli.dashboard.description',
    group: 'navigation',
    navItem: 'dashboard',
    load: () => import('./commands/dashboard/index.js'),
  },
  {
    name: 'channels',
    aliases: ['channel', 'ch'],
    descriptionKey: 'cli.channels.description',
    group: 'navigation',
    navItem: 'channel',
    load: () => import('./commands/channels/index.js'),
  },
  {
    name: 'users',
    aliases: ['user', 'u'],
    descriptionKey: 'cli.users.description',
    group: 'navigation',
    navItem: 'user',
    load: () => import('./commands/users/index.js'),
  },
  {
    name: 'groups',
    aliases: ['group', 'user-groups'],
    descriptionKey: 'cli.groups_command.description',
    group: 'navigation',
    navItem: 'user_group',
    load: () => import('./commands/groups/index.js'),
  },
  {
    name: 'prices',
    aliases: ['price'],
    descriptionKey: 'cli.prices.description',
    group: 'navigation',
    navItem: 'pricing',
    load: () => import('./commands/prices/index.js'),
  },
  {
    name: 'models',
    aliases: ['model'],
    descriptionKey: 'cli.models.description',
    group: 'navigation',
    navItem: 'model_ownedby',
    load: () => import('./commands/models/index.js'),
  },
  {
    name: 'telegram',
    aliases: ['tg'],
    descriptionKey: 'cli.telegram.description',
    group: 'navigation',
    navItem: 'telegram',
    load: () => import('./commands/telegram/index.js'),
  },
  {
    name: 'redemptions',
    aliases: ['redemption', 'codes'],
    descriptionKey: 'cli.redemptions.description',
    group: 'navigation',
    navItem: 'redemption',
    load: () => import('./commands/redemptions/index.js'),
  },
  {
    name: 'payments',
    aliases: ['payment', 'pay'],
    descriptionKey: 'cli.payments.description',
    group: 'navigation',
    navItem: 'payment',
    load: () => import('./commands/payments/index.js'),
  },
  {
    name: 'tokens',
    aliases: ['token', 'tk'],
    descriptionKey: 'cli.tokens.description',
    group: 'navigation',
    navItem: 'token',
    load: () => import('./commands/tokens/index.js'),
  },
  {
    name: 'logs',
    aliases: ['log'],
    descriptionKey: 'cli.logs.description',
    group: 'navigation',
    navItem: 'log',
    load: () => import('./commands/logs/index.js'),
  },
  {
    name: 'mj',
    aliases: ['midjourney'],
    descriptionKey: 'cli.mj.description',
    group: 'navigation',
    navItem: 'midjourney',
    load: () => import('./commands/mj/index.js'),
  },
  {
    name: 'tasks',
    aliases: ['task'],
    descriptionKey: 'cli.tasks.description',
    group: 'navigation',
    navItem: 'task',
    load: () => import('./commands/tasks/index.js'),
  },
  {
    name: 'audit',
    aliases: ['audit_log'],
    descriptionKey: 'cli.audit.description',
    group: 'navigation',
    navItem: 'audit',
    load: () => import('./commands/audit/index.js'),
  },
  {
    name: 'profile',
    aliases: ['me'],
    descriptionKey: 'cli.profile.description',
    group: 'navigation',
    navItem: 'profile',
    load: () => import('./commands/profile/index.js'),
  },
  {
    name: 'options',
    aliases: ['option', 'settings'],
    descriptionKey: 'cli.options.description',
    group: 'navigation',
    navItem: 'setting',
    load: () => import('./commands/options/index.js'),
  },
  {
    name: 'topup',
    descriptionKey: 'cli.topup.description',
    group: 'navigation',
    navItem: 'topup',
    load: () => import('./commands/topup/index.js'),
  },
  {
    name: 'login',
    descriptionKey: 'cli.auth.login.description',
    group: 'account',
    load: () => import('./commands/auth/login.js'),
  },
  {
    name: 'logout',
    descriptionKey: 'cli.auth.logout.description',
    group: 'account',
    load: () => import('./commands/auth/logout.js'),
  },
  {
    name: 'whoami',
    descriptionKey: 'cli.auth.whoami.description',
    group: 'account',
    load: () => import('./commands/auth/whoami.js'),
  },
  {
    name: 'auth',
    descriptionKey: 'cli.auth.description',
    group: 'account',
    load: () => import('./commands/auth/index.js'),
  },
  {
    name: 'status',
    descriptionKey: 'cli.status.description',
    group: 'account',
    load: () => import('./commands/status/index.js'),
  },
  {
    name: 'api',
    descriptionKey: 'cli.api.description',
    group: 'tools',
    load: () => import('./commands/api/index.js'),
  },
  {
    name: 'completion',
    descriptionKey: 'cli.completion.description',
    group: 'tools',
    load: () => import('./commands/completion/index.js'),
  },
  {
    name: '__complete',
    descriptionKey: 'cli.completion.description',
    group: 'tools',
    hidden: true,
    load: () => import('./commands/completion/complete-command.js'),
  },
  {
    name: 'serve',
    descriptionKey: 'cli.serve.description',
    group: 'run',
    load: () => import('./commands/serve/index.js'),
  },
  {
    name: 'backup',
    descriptionKey: 'cli.backup.description',
    group: 'run',
    load: () => import('./commands/backup/index.js'),
  },
  {
    name: 'tui',
    descriptionKey: 'cli.tui.description',
    group: 'run',
    load: () => import('./commands/tui/index.js'),
  },
  {
    name: 'help',
    descriptionKey: 'cli.help.description',
    group: 'help',
    load: () => import('./commands/help/index.js'),
  },
];

/** The entry a word names (a command name or alias). */
export function findCommandEntry(word: string | undefined): CommandEntry | undefined {
  if (!word) return undefined;
  return COMMANDS.find((entry) => entry.name === word || entry.aliases?.includes(word));
}
