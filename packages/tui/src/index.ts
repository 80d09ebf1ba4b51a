// @gw/tui: the Ink terminal console. `gw tui` imports it lazily and calls runTui.
export { App, type AppProps } from './app.js';
export type { TuiSession } from './lib/connection.js';
export { type RunTuiOptions, runTui } from './run-tui.js';
