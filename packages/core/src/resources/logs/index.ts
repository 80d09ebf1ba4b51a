export * from './log-types.js';
