import { Command, Option } from 'commander';
import {
  checkOptionValue,
  type ColumnDef,
  isSecretOption,
  listOptions,
  type OptionEntry,
  OPTION_SCREEN_TABS,
  optionDefinition,
  optionLabelKey,
  optionPrecheckKeys,
  optionPrecheckRefusal,
  optionsToMap,
  updateOption,
} from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { jsonOption, jsonRequest, pickJson } from '../../output/json-fields.js';
import { printJson, printRows } from '../../output/print.js';
import { addChangeFlags, runChange } from '../../resource/verb-support.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { readAllStdin } from '../../runtime/prompt.js';

/** One option as listed: its key, its tab and card on the settings screen, its label and value. */
interface OptionRow {
  key: string;
  tab: string;
  card: string;
  value: string;
}

const COLUMNS: readonly ColumnDef<OptionRow>[] = [
  { id: 'key', titleKey: 'cli.options.key', priority: 1, value: (row) => row.key },
  {
    id: 'label',
    titleKey: 'cli.options.label',
    priority: 3,
    value: (row, ctx) => ctx.t(optionLabelKey(row.key)),
  },
  { id: 'tab', titleKey: 'cli.options.tab', priority: 4, value: (row) => row.tab },
  { id: 'value', titleKey: 'cli.options.value', priority: 1, value: (row) => row.value },
];

function optionRows(entries: readonly OptionEntry[]): OptionRow[] {
  return entries.map((entry) => {
    const def = optionDefinition(entry.key);
    return { key: entry.key, tab: def?.tab ?? 'internal', card: def?.card ?? '', value: entry.value };
  });
}

/** `gw options list [--tab …]`: every option the server sends (secrets never come), by settings tab. */
function listVerb(ctx: CliContext): Command {
  return new Command('list')
    .alias('ls')
    .description(ctx.t('cli.options.list'))
    .addOption(
      new Option('--tab <tab>', ctx.t('cli.options.tab_flag')).choices([...OPTION_SCREEN_TABS, 'internal']),
    )
    .addOption(jsonOption(ctx))
    .action(async (opts: { tab?: string; json?: unknown }) => {
      const { client } = signedInClient(ctx);
      const rows = optionRows(await listOptions(client)).filter((row) => !opts.tab || row.tab === opts.tab);
      if (opts.json)
        printJson(
          ctx,
          rows.map((row) => pickJson(row, jsonRequest(opts.json))),
        );
      else printRows(ctx, rows, COLUMNS);
    });
}

/** `gw options get <key>`: the stored value, as it is (JSON options as their text). */
function getVerb(ctx: CliContext): Command {
  return new Command('get')
    .description(ctx.t('cli.options.get'))
    .argument('<key>', ctx.t('cli.options.key'))
    .action(async (key: string) => {
      const { client } = signedInClient(ctx);
      const value = optionsToMap(await listOptions(client)).get(key);
      if (value === undefined) {
        throw new CliError(
          'not_found',
          isSecretOption(key) ? 'cli.errors.secret_option' : 'cli.errors.no_option',
          { key },
        );
      }
      ctx.write(`${value}\n`);
    });
}

/** `gw options set <key> <value|->`: checked by the settings screen's own rules before it is sent. */
function setVerb(ctx: CliContext): Command {
  const command = new Command('set')
    .description(ctx.t('cli.options.set'))
    .argument('<key>', ctx.t('cli.options.key'))
    .argument('<value>', ctx.t('cli.options.value_argument'));
  addChangeFlags(ctx, command, false);
  return command.action(async (key: string, typed: string, opts: { dryRun?: boolean }) => {
    const value = typed === '-' ? await readAllStdin(ctx) : typed;
    const checked = checkOptionValue(key, value);
    if (!checked.ok)
      throw new CliError('usage', checked.refusal.key, { ...checked.refusal.params, option: key });
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    if (optionPrecheckKeys(key).length > 0) {
      const refusal = optionPrecheckRefusal(key, checked.value, optionsToMap(await listOptions(client)));
      if (refusal) throw new CliError('usage', refusal.key, refusal.params);
    }
    await runChange(() => updateOption(client, key, checked.value));
    if (!opts.dryRun) ctx.note(ctx.t('cli.options.saved', { key }));
  });
}

/** `gw options` (alias `settings`): the system settings, by key. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('options')
    .aliases(['option', 'settings'])
    .description(ctx.t('cli.options.description'))
    .addCommand(listVerb(ctx))
    .addCommand(getVerb(ctx))
    .addCommand(setVerb(ctx));
}
