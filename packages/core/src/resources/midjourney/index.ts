export * from './midjourney.api.js';
export * from './midjourney.fields.js';
export * from './midjourney.schema.js';
export * from './midjourney.screen.js';
