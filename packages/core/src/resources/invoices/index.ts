export * from './invoices.api.js';
export * from './invoices.fields.js';
export * from './invoices.schema.js';
export * from './invoices.screen.js';
