// Stored gateway rows → the Payment shape of contract §2.6. `config` (credentials) only where asked for.
import type { Payment } from '@gw/core';
import type { StoredPayment } from './payments.repository.js';

/** The wire Payment; `withConfig` false blanks the credentials (lists show no secrets). */
export function paymentRowToPayment(row: StoredPayment, withConfig: boolean): Payment {
  return {
    id: row.id,
    type: row.type,
    uuid: row.uuid,
    name: row.name,
    icon: row.icon,
    notify_domain: row.notify_domain,
    fixed_fee: Number(row.fixed_fee),
    percent_fee: Number(row.percent_fee),
    currency: row.currency,
    config: withConfig ? row.config : '',
    sort: row.sort,
    enable: Boolean(row.enable),
    created_at: row.created_at,
  };
}

/**
 * The gateway as a paying user sees it (contract §1.4 `GET /api/user/payment`): only what the top-up
 * screen shows and sends back (uuid, name, icon, fees, currency, sort); every other key is present but
 * zero or null, so neither the credentials nor the callback domain reach a user.
 */
export function paymentRowToUserPayment(row: StoredPayment): Payment {
  return {
    id: 0,
    type: '',
    uuid: row.uuid,
    name: row.name,
    icon: row.icon,
    notify_domain: '',
    fixed_fee: Number(row.fixed_fee),
    percent_fee: Number(row.percent_fee),
    currency: row.currency,
    config: '',
    sort: row.sort,
    enable: null,
    created_at: 0,
  };
}
