export * from './core/index.js';
export * from './react/index.js';
export type { TypedDocumentNode } from '@graphql-typed-document-node/core';
