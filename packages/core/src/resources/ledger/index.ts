export * from './ledger-rejects.schema.js';
