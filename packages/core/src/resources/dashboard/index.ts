export * from './dashboard.api.js';
export * from './dashboard.schema.js';
export * from './dashboard.series.js';
