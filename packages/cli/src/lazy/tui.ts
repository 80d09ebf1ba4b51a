import { CliError } from '../output/cli-error.js';
import { currentCredentials } from '../runtime/client.js';
import type { CliContext } from '../runtime/context.js';

/** Runs the Ink console (loaded only now) with the profile's (or environment) server and token. */
export async function runTuiCommand(ctx: CliContext, options: { readOnly?: boolean } = {}): Promise<void> {
  if (!ctx.interactive) throw new CliError('usage', 'cli.errors.tui_needs_tty');
  const credentials = currentCredentials(ctx);
  const { runTui } = await import('@gw/tui');
  await runTui({
    server: credentials.server,
    accessToken: credentials.accessToken,
    language: ctx.language,
    readOnly: options.readOnly,
    saveCredentials: (server: string, accessToken: string, username: string) => {
      ctx.profiles.save(credentials.profile, { server, accessToken, username });
    },
  });
}
