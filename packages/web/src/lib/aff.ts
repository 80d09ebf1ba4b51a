import { AFF_STORAGE_KEY } from '@gw/core';

/**
 * The invitation code of a sign-up link (`?aff=`), saved so it survives a detour through a third-party
 * sign-in; otherwise the one saved earlier, or ''.
 */
export function affFromLink(search: string): string {
  const fromLink = new URLSearchParams(search).get('aff')?.trim() ?? '';
  try {
    if (fromLink) localStorage.setItem(AFF_STORAGE_KEY, fromLink);
    return fromLink || (localStorage.getItem(AFF_STORAGE_KEY) ?? '');
  } catch {
    return fromLink;
  }
}
