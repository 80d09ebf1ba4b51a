export * from './users.api.js';
export * from './users.schema.js';
