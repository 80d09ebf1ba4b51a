export * from './screen-csv.js';
export * from './screen-model.js';
