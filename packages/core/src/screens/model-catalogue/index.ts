export * from './catalogue-columns.js';
export * from './catalogue-query.js';
export * from './model-catalogue.js';
