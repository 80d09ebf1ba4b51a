export * from './screen-model.js';
