// The Node-only entry of @gw/core: transports and helpers that need Node built-ins.
export * from './cookie-jar.js';
export * from './transport.js';
