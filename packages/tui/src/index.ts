// @gw/tui: the Ink terminal console. `gw tui` imports it lazily and calls runTui, which loads Ink itself.
export type { AppProps } from './app.js';
export type { TuiSession } from './lib/connection.js';
export { type RunTuiOptions, runTui } from './run-tui.js';
