export * from './dashboard.api.js';
export * from './dashboard.schema.js';
export * from './uptime.js';
