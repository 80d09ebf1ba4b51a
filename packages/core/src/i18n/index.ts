export * from './fast-translate.js';
export * from './i18n.js';
export * from './languages.js';
export * from './locale-loaders.js';
export * from './resources.js';
export * from './sections.js';
