export * from './core/index.js';
export * from './react/index.js';
