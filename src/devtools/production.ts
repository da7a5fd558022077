'use client';
// The devtools whatever NODE_ENV says: for an app that loads them lazily in production.
export { AuthDevtools, type AuthDevtoolsPosition, type AuthDevtoolsProps } from './auth-devtools.js';
export { AuthDevtoolsPanel, type AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
