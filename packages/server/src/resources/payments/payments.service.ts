// Gateway rules of contract §1.13 / console-spec §5: server-made uuid, full or partial edits, config shape.
import { randomBytes } from 'node:crypto';
import {
  nowSeconds,
  PAYMENT_SORT_FIELDS,
  type Payment,
  type PaymentCreate,
  type PaymentPatch,
  type PaymentUpdate,
  paymentConfigIssue,
} from '@gw/core';
import { fieldFailure, notFound } from '../../shared/api-failure.js';
import { listRequest } from '../../shared/listing.js';
import type {
  PaymentChanges,
  PaymentFilters,
  PaymentsRepository,
  StoredPayment,
} from './payments.repository.js';
import { paymentRowToPayment, paymentRowToUserPayment } from './payments.wire.js';

/** The stored form of the fields every write shares. */
function columnsOf(input: PaymentCreate | PaymentUpdate): PaymentChanges {
  return {
    type: input.type,
    name: input.name,
    icon: input.icon,
    notify_domain: input.notify_domain,
    fixed_fee: input.fixed_fee,
    percent_fee: input.percent_fee,
    currency: input.currency,
    config: input.config,
    sort: input.sort,
    enable: input.enable === false ? 0 : 1,
  };
}

/** The gateway rules over a repository. */
export function createPaymentsService(payments: PaymentsRepository) {
  async function stored(id: number): Promise<StoredPayment> {
    const row = await payments.find(id);
    if (!row) throw notFound('payments.errors.not_found');
    return row;
  }

  async function reread(id: number): Promise<Payment> {
    return paymentRowToPayment(await stored(id), true);
  }

  return {
    async list(query: PaymentFilters & { page: number; size: number; order: string; keyword: string }) {
      const request = listRequest(query, PAYMENT_SORT_FIELDS);
      const { rows, total } = await payments.list(query, request);
      return {
        data: rows.map((row) => paymentRowToPayment(row, false)),
        page: request.page,
        size: request.size,
        total_count: total,
      };
    },

    get: reread,

    /** The enabled gateways a user may pay with, highest `sort` first, without any credential. */
    async listForUsers(): Promise<Payment[]> {
      return (await payments.listEnabled()).map(paymentRowToUserPayment);
    },

    async create(input: PaymentCreate): Promise<Payment> {
      const now = nowSeconds();
      const columns = columnsOf(input);
      const id = await payments.insert({
        ...(columns as Required<PaymentChanges>),
        uuid: randomBytes(16).toString('hex'),
        created_at: now,
        updated_at: now,
      });
      return reread(id);
    },

    /** Full edit: every column replaced (the uuid and creation time stay). */
    async update(input: PaymentUpdate): Promise<Payment> {
      const current = await stored(input.id);
      await payments.update(current.id, { ...columnsOf(input), updated_at: nowSeconds() });
      return reread(current.id);
    },

    /** Partial edit: each field sent is applied, zero and `false` included (quirk fixed, docs/quirks.md). */
    async patch(input: PaymentPatch): Promise<Payment> {
      const current = await stored(input.id);
      const { id: _id, enable, ...fields } = input;
      const type = input.type ?? current.type;
      const config = input.config ?? current.config;
      // A new type must come with a config of its shape; a new config must fit the (new) type.
      if (input.type !== undefined || input.config !== undefined) {
        const issue = paymentConfigIssue(type, config);
        if (issue) throw fieldFailure('config', issue, { type });
      }
      const changes: PaymentChanges = { ...fields, updated_at: nowSeconds() };
      if (enable !== undefined) changes.enable = enable === false ? 0 : 1;
      await payments.update(current.id, changes);
      return reread(current.id);
    },

    async delete(id: number): Promise<void> {
      if ((await payments.delete(id)) === 0) throw notFound('payments.errors.not_found');
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
