export * from './palette.js';
export * from './palette-match.js';
export * from './palette-records.js';
