export * from './model-info.api.js';
export * from './model-info.fields.js';
export * from './model-info.schema.js';
export * from './model-info.screen.js';
export * from './model-info-import.js';
