export * from './audit.api.js';
export * from './audit.fields.js';
export * from './audit.schema.js';
export * from './audit.screen.js';
