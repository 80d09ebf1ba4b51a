export * from './model-ownedby.api.js';
export * from './model-ownedby.fields.js';
export * from './model-ownedby.schema.js';
export * from './model-ownedby.screen.js';
