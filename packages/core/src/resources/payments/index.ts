export * from './orders.schema.js';
export * from './payments.api.js';
export * from './payments.fields.js';
export * from './payments.schema.js';
export * from './payments.screen.js';
export * from './topup.js';
export * from './topup.api.js';
