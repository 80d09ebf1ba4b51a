export * from './telegram-menus.api.js';
export * from './telegram-menus.fields.js';
export * from './telegram-menus.schema.js';
