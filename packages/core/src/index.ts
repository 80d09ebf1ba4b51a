// The browser-safe entry of @gw/core: contract, rules and resources shared by every face.
export * from './format/columns.js';
export * from './format/quota.js';
export * from './format/time.js';
export * from './http/client.js';
export * from './http/envelope.js';
export * from './http/errors.js';
export * from './i18n/index.js';
export * from './money/decimal.js';
export * from './navigation/navigation.js';
export * from './resources/status/index.js';
export * from './resources/tokens/index.js';
export * from './resources/users/index.js';
export * from './roles/roles.js';
export * from './session/session.js';
export * from './validation/issues.js';
export * from './validation/network.js';
export * from './validation/trim.js';
