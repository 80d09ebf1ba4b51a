export * from './analytics.api.js';
export * from './analytics.schema.js';
export * from './analytics.series.js';
