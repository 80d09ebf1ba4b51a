export * from './dashboard.api.js';
export * from './dashboard.schema.js';
