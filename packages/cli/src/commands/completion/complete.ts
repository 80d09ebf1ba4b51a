// What `gw __complete` answers: the candidates for the last word given, from the command tree itself
// (subcommands, flags, a flag's choices) and, for ids and model names, from the signed-in server.
import type { Command, Option } from 'commander';
import { type ApiClient, LANGUAGES, listChannelModels, MAX_PAGE_SIZE } from '@gw/core';
import { specOfCommand } from '../../resource/resource-command.js';
import { currentCredentials, createClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';

/** One candidate: the text to insert and what it is (shells that show descriptions show it). */
export interface Candidate {
  value: string;
  description?: string;
}

const GLOBAL_FLAGS = ['--lang', '--profile'];
const MODEL_FLAGS = new Set(['--model', '--models', '--test-model', '--disabled-stream']);

function findSubcommand(command: Command, word: string): Command | undefined {
  return command.commands.find((child) => child.name() === word || child.aliases().includes(word));
}

function findOption(command: Command, word: string): Option | undefined {
  return command.options.find((option) => option.long === word || option.short === word);
}

/** The command the words lead to, the option whose value is being typed (if any) and the arguments so far. */
function walk(root: Command, words: readonly string[]) {
  let command = root;
  let pendingOption: Option | string | undefined;
  const args: string[] = [];
  for (const word of words) {
    if (pendingOption) {
      pendingOption = undefined;
      continue;
    }
    if (word.startsWith('-')) {
      if (word.includes('=')) continue;
      if (GLOBAL_FLAGS.includes(word)) {
        pendingOption = word;
        continue;
      }
      const option = findOption(command, word);
      if (option?.required) pendingOption = option;
      continue;
    }
    const child = args.length === 0 ? findSubcommand(command, word) : undefined;
    if (child) command = child;
    else args.push(word);
  }
  return { command, pendingOption, args };
}

/** The ids a resource verb takes, read from the server's first page (with each row's name). */
async function idCandidates(client: ApiClient, command: Command): Promise<Candidate[]> {
  const spec = specOfCommand(command);
  if (!spec) return [];
  const page = await spec.screen.list(client, {
    page: 1,
    size: MAX_PAGE_SIZE,
    order: spec.screen.defaultOrder,
  });
  return page.data
    .filter((row) => (spec.idKind === 'text' ? true : typeof spec.screen.rowKey(row) === 'number'))
    .map((row) => ({
      value: String(spec.idKind === 'text' ? spec.screen.rowName?.(row) : spec.screen.rowKey(row)),
      description: spec.screen.rowName?.(row),
    }));
}

/** A client from the stored sign-in, or undefined: completion never prompts or fails loudly. */
function quietClient(ctx: CliContext): ApiClient | undefined {
  const credentials = currentCredentials(ctx);
  if (!credentials.server || !credentials.accessToken) return undefined;
  return createClient(ctx, credentials.server, { accessToken: credentials.accessToken });
}

async function optionValues(ctx: CliContext, option: Option | string): Promise<Candidate[]> {
  const flag = typeof option === 'string' ? option : (option.long ?? '');
  if (flag === '--lang') return LANGUAGES.map((language) => ({ value: language }));
  if (flag === '--profile') return ctx.profiles.names().map((name) => ({ value: name }));
  if (typeof option !== 'string' && option.argChoices) return option.argChoices.map((value) => ({ value }));
  if (MODEL_FLAGS.has(flag)) {
    const client = quietClient(ctx);
    if (!client) return [];
    return (await listChannelModels(client)).data.map((model) => ({
      value: model.id,
      description: model.owned_by,
    }));
  }
  return [];
}

/** The candidates for the last of `words` (the words after `gw`; the last may be empty or partial). */
export async function completeWords(
  ctx: CliContext,
  root: Command,
  words: readonly string[],
): Promise<Candidate[]> {
  const current = words.at(-1) ?? '';
  const { command, pendingOption, args } = walk(root, words.slice(0, -1));
  let candidates: Candidate[] = [];
  try {
    if (pendingOption) candidates = await optionValues(ctx, pendingOption);
    else if (current.startsWith('-')) {
      candidates = command.options
        .filter((option) => !option.hidden && option.long)
        .map((option) => ({ value: option.long ?? '', description: option.description }));
      candidates.push({ value: '--help' }, ...GLOBAL_FLAGS.map((value) => ({ value })));
    } else if (command.commands.length > 0 && args.length === 0) {
      candidates = command.commands
        .filter((child) => !(child as Command & { _hidden?: boolean })._hidden)
        .map((child) => ({ value: child.name(), description: child.description() }));
    } else if (command.registeredArguments.length > 0) {
      const client = quietClient(ctx);
      if (client) candidates = await idCandidates(client, command);
    }
  } catch {
    // A server that cannot answer completes nothing; the shell falls back to file names.
  }
  return candidates.filter((candidate) => candidate.value.startsWith(current));
}
