// The label chip of console-screens §0.8: a variant (filled, outlined, soft, ghost) and a colour
// (default … error). The colour rules live here so every face paints the same state the same way;
// the web draws them as chips, the TUI may colour its text.
import { ROLES } from '../roles/roles.js';

export const CHIP_TONES = [
  'default',
  'primary',
  'secondary',
  'info',
  'success',
  'warning',
  'orange',
  'error',
] as const;
export type ChipTone = (typeof CHIP_TONES)[number];

export const CHIP_VARIANTS = ['filled', 'outlined', 'soft', 'ghost'] as const;
export type ChipVariant = (typeof CHIP_VARIANTS)[number];

/** How one chip looks; `soft` unless told, the console's usual table chip. */
export interface ChipStyle {
  tone: ChipTone;
  variant?: ChipVariant;
}

/** One chip of a cell that shows several (a user's remaining, used and call figures). */
export interface CellChip extends ChipStyle {
  text: string;
  /** Says what the figure is (a tooltip on the web, the accessible name). */
  title?: string;
  /**
   * A Blueprint icon name the web draws in place of the text where a row is short of room (a user's
   * bindings, spec §5 "icons coloured when bound"); the text stays its accessible name, and text
   * faces show the text.
   */
  icon?: string;
}

/** A role's colour: plain users grey, staff blue, admins orange, the super admin red. */
export function roleChip(role: number): ChipStyle {
  if (role >= ROLES.root) return { tone: 'error' };
  if (role >= ROLES.admin) return { tone: 'warning' };
  if (role === ROLES.reliable) return { tone: 'info' };
  return { tone: 'default' };
}

/** A yes/no flag (a public group, auto-upgrade): yes green, no grey. */
export function yesNoChip(value: boolean): ChipStyle {
  return value ? { tone: 'success' } : { tone: 'default', variant: 'outlined' };
}

/** An on/off state shown as text (a used code, a disabled account): on green, off red. */
export function stateChip(on: boolean): ChipStyle {
  return on ? { tone: 'success' } : { tone: 'error' };
}

/** A job slower than this many seconds shows its duration in red (console-screens §20–21). */
export const SLOW_JOB_SECONDS = 60;

/** A job's duration: red past a minute (console-screens §20–21), grey otherwise. */
export function jobDurationChip(seconds: number | undefined): ChipStyle {
  return { tone: seconds !== undefined && seconds > SLOW_JOB_SECONDS ? 'error' : 'default' };
}
