export * from './site-content.js';
