import { padCells } from '@gw/core';
import { EXIT_CODES } from '../../output/exit-codes.js';
import type { CliContext } from '../../runtime/context.js';

/** Environment variables `gw` reads, each with the i18n key that explains it. */
export const ENVIRONMENT_VARIABLES = [
  { name: 'GW_SERVER', key: 'cli.environment.gw_server' },
  { name: 'GW_TOKEN', key: 'cli.environment.gw_token' },
  { name: 'GW_PROFILE', key: 'cli.environment.gw_profile' },
  { name: 'GW_KEYRING', key: 'cli.environment.gw_keyring' },
  { name: 'GW_CONFIG_DIR', key: 'cli.environment.gw_config_dir' },
  { name: 'GW_LANG', key: 'cli.environment.gw_lang' },
  { name: 'LC_ALL, LC_MESSAGES, LANG', key: 'cli.environment.lang' },
  { name: 'GW_DEBUG', key: 'cli.environment.gw_debug' },
  { name: 'NO_COLOR', key: 'cli.environment.no_color' },
  { name: 'FORCE_COLOR', key: 'cli.environment.force_color' },
] as const;

function twoColumns(rows: ReadonlyArray<readonly [string, string]>): string {
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${padCells(left, width)}  ${right}\n`).join('');
}

/** `gw help exit-codes`. */
export function exitCodesHelp(ctx: CliContext): string {
  const rows = EXIT_CODES.map(({ code, key }) => [String(code), ctx.t(key)] as const);
  return `${ctx.t('cli.help.exit_codes_title')}\n\n${twoColumns(rows)}`;
}

/** `gw help environment`. */
export function environmentHelp(ctx: CliContext): string {
  const rows = ENVIRONMENT_VARIABLES.map(({ name, key }) => [name, ctx.t(key)] as const);
  return `${ctx.t('cli.help.environment_title')}\n\n${twoColumns(rows)}`;
}
