// Group resolution of behaviour spec §4: which user group a relay request is billed and routed in.
import { type RelayAuthResult, relayRefusal } from './refusal.js';

/** The fields of a user group the relay reads. */
export interface RelayUserGroup {
  symbol: string;
  ratio: number;
  enable: boolean;
}

/** The effective group of a request: the token's group, else its backup group, else the user's. */
export function effectiveTokenGroup(
  token: { group: string; backup_group: string },
  userGroup: string,
): string {
  return token.group || token.backup_group || userGroup;
}

/** Looks the effective group up among the user groups; missing or disabled ⇒ 403 "group does not exist". */
export function resolveTokenGroup(
  token: { group: string; backup_group: string },
  userGroup: string,
  groups: ReadonlyMap<string, RelayUserGroup>,
): RelayAuthResult<{ group: string; ratio: number }> {
  const group = effectiveTokenGroup(token, userGroup);
  const found = groups.get(group);
  if (!found?.enable) return relayRefusal(403, 'relay.group.missing', { group });
  return { ok: true, group, ratio: found.ratio };
}
