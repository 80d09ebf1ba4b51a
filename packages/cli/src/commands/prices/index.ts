import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import {
  diffPriceLists,
  listOwnerNames,
  listStoredPrices,
  PRICE_SCREEN,
  PRICE_SYNC_MODES,
  type PriceFormValues,
  type PriceInput,
  type PriceRow,
  parseRemotePriceList,
  priceSchema,
  syncEffect,
  syncPrices,
} from '@gw/core';
import { CliError } from '../../output/cli-error.js';
import { resourceCommand } from '../../resource/resource-command.js';
import { type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import { addChangeFlags, runChange } from '../../resource/verb-support.js';
import { upsertVerb } from '../../resource/verbs-form.js';
import { signedInClient } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { readAllStdin } from '../../runtime/prompt.js';

/** One model's price as the list shows it, read from the whole list (the API has no single read). */
async function getPrice(client: Parameters<typeof listStoredPrices>[0], model: string): Promise<PriceRow> {
  const [prices, owners] = await Promise.all([listStoredPrices(client), listOwnerNames(client)]);
  const price = prices.find((candidate) => candidate.model === model);
  if (!price) throw new CliError('not_found', 'cli.errors.no_price', { model });
  return { ...price, owner_name: owners.get(price.channel_type) ?? '', per_million: false } as PriceRow;
}

/** `gw prices sync --file prices.json --mode add|update|overwrite|system`: imports a price list. */
function syncVerb(ctx: CliContext): Command {
  const command = new Command('sync')
    .description(ctx.t('cli.prices.sync'))
    .requiredOption('--file <path>', ctx.t('cli.prices.file'))
    .addOption(
      new Option('--mode <mode>', ctx.t('cli.prices.mode'))
        .choices([...PRICE_SYNC_MODES])
        .makeOptionMandatory(),
    );
  addChangeFlags(ctx, command, false);
  return command.action(
    async (opts: { file: string; mode: (typeof PRICE_SYNC_MODES)[number]; dryRun?: boolean }) => {
      const text = opts.file === '-' ? await readAllStdin(ctx) : readFileSync(opts.file, 'utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new CliError('usage', 'cli.errors.not_price_list', { file: opts.file });
      }
      const remote = parseRemotePriceList(json);
      if (!remote) throw new CliError('usage', 'cli.errors.not_price_list', { file: opts.file });
      const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
      const server = await listStoredPrices(client);
      const effect =
        opts.mode === 'system' ? undefined : syncEffect(diffPriceLists(server, remote), server, opts.mode);
      await runChange(() => syncPrices(client, opts.mode, remote as PriceInput[]));
      if (opts.dryRun) return;
      ctx.note(effect ? ctx.t('cli.prices.synced', { ...effect }) : ctx.t('cli.prices.synced_system'));
    },
  );
}

/** Model prices (console-screens §17.1): by model name; `set` adds or replaces one, `sync` imports a list. */
export const PRICE_SPEC: ResourceSpec<PriceRow, PriceFormValues, PriceInput> = {
  name: 'prices',
  aliases: ['price'],
  screen: PRICE_SCREEN,
  idKind: 'text',
  get: getPrice,
  jsonFields: schemaFields(priceSchema),
  flagNames: { channel_type: 'owner' },
  extraVerbs: (ctx, spec) => [upsertVerb(ctx, spec, 'model'), syncVerb(ctx)],
};

/** `gw prices` (alias `price`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, PRICE_SPEC, 'cli.prices.description');
}
