export * from './redemptions.api.js';
export * from './redemptions.fields.js';
export * from './redemptions.schema.js';
export * from './redemptions.screen.js';
