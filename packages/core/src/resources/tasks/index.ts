export * from './tasks.api.js';
export * from './tasks.fields.js';
export * from './tasks.schema.js';
