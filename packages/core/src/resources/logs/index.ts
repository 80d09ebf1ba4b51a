export * from './log-types.js';
export * from './logs.api.js';
export * from './logs.fields.js';
export * from './logs.schema.js';
export * from './logs.screen.js';
