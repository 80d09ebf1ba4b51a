export * from './chat-request.js';
export * from './chat-stream.js';
export * from './playground.api.js';
