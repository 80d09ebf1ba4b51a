export * from './site-content.js';
export * from './jump.js';
export * from './chat-links.js';
