export * from './prices.api.js';
export * from './prices.fields.js';
export * from './prices.schema.js';
export * from './available-models.js';
export * from './extra-ratios.js';
export * from './price-groups.js';
export * from './price-updates.js';
export * from './prices.screen.js';
