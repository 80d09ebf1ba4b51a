export * from './tasks.api.js';
export * from './tasks.fields.js';
export * from './tasks.schema.js';
export * from './tasks.screen.js';
export * from './task-detail.js';
