// Screens with a self list (logs, tasks, Midjourney) show admins everyone's rows and others their own:
// the signed-in user's role picks the list, the columns and the filters (core's screenForRole).
import { type ApiClient, getSelf, isAdmin, type ScreenDef, screenForRole } from '@gw/core';
import { CliError } from '../output/cli-error.js';
import type { FilterFlag } from './filter-flags.js';

export interface RoleScreen<Row, Values, Input> {
  admin: boolean;
  screen: ScreenDef<Row, Values, Input>;
}

/** The screen as the signed-in user's role sees it; a screen without a self list is the same for all. */
export async function screenForSignedIn<Row, Values, Input>(
  client: ApiClient,
  screen: ScreenDef<Row, Values, Input>,
): Promise<RoleScreen<Row, Values, Input>> {
  if (!screen.selfList) return { admin: true, screen };
  const self = await getSelf(client);
  return { admin: isAdmin(self.role), screen: screenForRole(screen, self.role) };
}

/** Below admin, an admin-only filter (`--channel-id`) is refused rather than silently dropped. */
export function refuseAdminFilters(
  admin: boolean,
  flags: readonly FilterFlag[],
  opts: Record<string, unknown>,
): void {
  if (admin) return;
  const given = flags.find(
    (flag) => flag.filter.adminOnly && opts[flag.option.attributeName()] !== undefined,
  );
  if (given) throw new CliError('usage', 'cli.errors.admin_filter', { flag: given.flag });
}
