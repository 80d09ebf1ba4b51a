export * from './users.api.js';
export * from './users.fields.js';
export * from './users.schema.js';
export * from './users-admin.api.js';
export * from './users-register.api.js';
export * from './users-register.schema.js';
export * from './users.screen.js';
export * from './profile.js';
