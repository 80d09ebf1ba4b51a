export * from './prices.api.js';
export * from './prices.fields.js';
export * from './prices.schema.js';
export * from './available-models.js';
