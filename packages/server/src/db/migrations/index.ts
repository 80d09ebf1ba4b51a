// The ordered list of migrations; names are timestamps so they sort in the order they were written.
import type { Migration } from 'kysely/migration';
import * as foundation from './2026-05-01T00-00-00-foundation.js';

export const MIGRATIONS: Record<string, Migration> = {
  '2026-05-01T00-00-00-foundation': foundation,
};
