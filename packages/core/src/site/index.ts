export * from './site-content.js';
export * from './jump.js';
