import { Command } from 'commander';
import {
  getPayment,
  orderSchema,
  PAYMENT_GATEWAY_SCREEN,
  PAYMENT_ORDER_SCREEN,
  type Payment,
  paymentSchema,
} from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type AnyResourceSpec, byNumericId, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';

/** Payment gateways (console-screens §15, gateway tab). */
export const GATEWAY_SPEC: AnyResourceSpec = {
  name: 'gateways',
  aliases: ['gateway'],
  screen: PAYMENT_GATEWAY_SCREEN,
  get: byNumericId<Payment>(getPayment),
  jsonFields: schemaFields(paymentSchema),
};

/** Top-up orders (console-screens §15, order tab): a list with every filter of the web. */
export const ORDER_SPEC: AnyResourceSpec = {
  name: 'orders',
  aliases: ['order'],
  screen: PAYMENT_ORDER_SCREEN as AnyResourceSpec['screen'],
  jsonFields: schemaFields(orderSchema),
  flagNames: { start_timestamp: 'since', end_timestamp: 'until' },
};

/** `gw payments gateways …` and `gw payments orders …`. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('payments')
    .aliases(['payment', 'pay'])
    .description(ctx.t('cli.payments.description'))
    .addCommand(resourceCommand(ctx, GATEWAY_SPEC, 'cli.payments.gateways'))
    .addCommand(resourceCommand(ctx, ORDER_SPEC, 'cli.payments.orders'));
}
