export * from './dashboard-figures.js';
