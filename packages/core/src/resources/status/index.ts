export * from './status.api.js';
export * from './status.schema.js';
