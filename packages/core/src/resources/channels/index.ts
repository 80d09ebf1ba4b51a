export * from './channel-tags.api.js';
export * from './channel-types.js';
export * from './channels.api.js';
export * from './channels.fields.js';
export * from './channels-input.schema.js';
export * from './channels-requests.schema.js';
export * from './channels.schema.js';
export * from './channels.screen.js';
