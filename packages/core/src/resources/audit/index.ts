export * from './audit.schema.js';
