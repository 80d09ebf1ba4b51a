export * from './groups.api.js';
