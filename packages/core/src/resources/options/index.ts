export * from './option-definitions.js';
export * from './option-json.js';
export * from './option-registry.js';
export * from './option-types.js';
export * from './option-values.js';
export * from './options.api.js';
export * from './options.schema.js';
export * from './system-log.js';
