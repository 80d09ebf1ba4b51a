/** Colours the CLI uses; `plain` leaves text untouched. */
export type CliColor = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan' | 'plain';

const ANSI: Record<CliColor, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  plain: [0, 0],
};

/**
 * Whether to colour output (clig.dev): `NO_COLOR` or `TERM=dumb` turn it off, `FORCE_COLOR` (not
 * `0`) or `CLICOLOR_FORCE` turn it on, otherwise colour only on a terminal.
 */
export function shouldUseColor(env: Record<string, string | undefined>, isTty: boolean): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false') return true;
  if (env.CLICOLOR_FORCE !== undefined && env.CLICOLOR_FORCE !== '0') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTty;
}

/** A painter bound to a colour decision: `paint('red', text)` wraps text in ANSI codes only when enabled. */
export function createPainter(enabled: boolean): (color: CliColor, text: string) => string {
  return (color, text) => {
    if (!enabled || color === 'plain' || text === '') return text;
    const [open, close] = ANSI[color];
    return `\u001b[${open}m${text}\u001b[${close}m`;
  };
}
