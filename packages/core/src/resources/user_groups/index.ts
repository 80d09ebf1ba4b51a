export * from './user-groups.api.js';
export * from './user-groups.fields.js';
export * from './user-groups.schema.js';
export * from './user-groups.screen.js';
