// /api/group/: the symbols of the enabled user groups (admin, contract §1.10).
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../shared/route.js';

/** Where the symbols come from (the user groups resource, composed in app.ts). */
export interface GroupSymbolSource {
  enabledSymbols(): Promise<string[]>;
}

/** The group symbol route. */
export function groupRoutes(source: GroupSymbolSource): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/api/group/',
      guard: 'admin',
      tag: 'groups',
      summary: 'Symbols of the enabled user groups',
      reply: z.array(z.string()),
      handler: () => source.enabledSymbols(),
    }),
  ];
}
