export * from './telegram-menus.api.js';
export * from './telegram-menus.fields.js';
export * from './telegram-menus.schema.js';
export * from './telegram-menus.screen.js';
