export * from './screen-csv.js';
export * from './screen-model.js';
export * from './key-value-rows.js';
export * from './model-catalogue/index.js';
export * from './selection.js';
export * from './dashboard/index.js';
export * from './option-sources.js';
export * from './log-cells.js';
