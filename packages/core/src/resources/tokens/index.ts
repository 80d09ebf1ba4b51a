export * from './tokens.api.js';
export * from './tokens.fields.js';
export * from './tokens.schema.js';
export * from './tokens-admin.js';
export * from './tokens.screen.js';
