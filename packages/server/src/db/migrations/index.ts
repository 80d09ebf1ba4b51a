// The ordered list of migrations; names are timestamps so they sort in the order they were written.
import type { Migration } from 'kysely/migration';
import * as foundation from './2026-05-01T00-00-00-foundation.js';
import * as channels from './2026-06-02T00-00-00-channels.js';
import * as invoices from './2026-11-26T00-00-00-invoices.js';
import * as groupsPrices from './2026-06-04T00-00-00-groups-prices.js';
import * as logs from './2026-05-20T00-00-00-logs.js';
import * as usersSelf from './2026-06-01T00-00-00-users-self.js';
import * as logStats from './2026-06-03T00-00-00-log-stats.js';
import * as logFilters from './2026-11-26T00-00-01-log-filters.js';
import * as redemptionsPayments from './2026-06-05T00-00-00-redemptions-payments.js';
import * as ledgerRejects from './2026-11-25T00-00-00-ledger-rejects.js';
import * as relayHolds from './2026-11-25T00-00-01-relay-holds.js';
import * as relayLedger from './2026-11-21T00-00-00-relay-ledger.js';
import * as sessions from './2026-11-26T00-00-02-sessions.js';
import * as audit from './2026-11-26T21-00-00-audit.js';
import * as verificationCodes from './2026-11-27T00-10-01-verification-codes.js';
import * as webauthnCeremonies from './2026-11-27T00-10-00-webauthn-ceremonies.js';
import * as webauthnCredentials from './2026-11-26T21-00-01-webauthn-credentials.js';
import * as telegramMenus from './2026-06-06T00-00-00-telegram-menus.js';

export const MIGRATIONS: Record<string, Migration> = {
  '2026-05-01T00-00-00-foundation': foundation,
  '2026-05-20T00-00-00-logs': logs,
  '2026-06-01T00-00-00-users-self': usersSelf,
  '2026-06-02T00-00-00-channels': channels,
  '2026-06-03T00-00-00-log-stats': logStats,
  '2026-06-04T00-00-00-groups-prices': groupsPrices,
  '2026-06-05T00-00-00-redemptions-payments': redemptionsPayments,
  '2026-06-06T00-00-00-telegram-menus': telegramMenus,
  '2026-11-21T00-00-00-relay-ledger': relayLedger,
  '2026-11-25T00-00-00-ledger-rejects': ledgerRejects,
  '2026-11-25T00-00-01-relay-holds': relayHolds,
  '2026-11-26T00-00-00-invoices': invoices,
  '2026-11-26T00-00-01-log-filters': logFilters,
  '2026-11-26T00-00-02-sessions': sessions,
  '2026-11-26T21-00-00-audit': audit,
  '2026-11-26T21-00-01-webauthn-credentials': webauthnCredentials,
  '2026-11-27T00-10-00-webauthn-ceremonies': webauthnCeremonies,
  '2026-11-27T00-10-01-verification-codes': verificationCodes,
};
