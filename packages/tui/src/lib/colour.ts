// NO_COLOR (no-color.org): Ink paints through chalk, whose colour detection does not read NO_COLOR, so the
// console turns chalk off itself; FORCE_COLOR still wins, as clig.dev says.
import chalk from 'chalk';

/** Whether the environment asks for no colour: NO_COLOR set to anything but empty, unless FORCE_COLOR. */
export function colourDisabled(env: Record<string, string | undefined>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return false;
  return env.NO_COLOR !== undefined && env.NO_COLOR !== '';
}

/** Turns colour (and inverse, bold…) off for everything Ink draws when the environment asks for none. */
export function applyColourPreference(env: Record<string, string | undefined>): void {
  if (colourDisabled(env)) chalk.level = 0;
}
