export * from './notice.api.js';
