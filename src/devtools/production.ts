'use client';
// The devtools whatever NODE_ENV says: for an app that loads them lazily in production.
export { AuthDevtools, type AuthDevtoolsPosition, type AuthDevtoolsProps } from './auth-devtools.js';
import { AuthDevtoolsPanel } from './auth-devtools-panel.js';
import { type AuthDevtoolsPlugin, type AuthDevtoolsPluginOptions, pluginOf } from './tanstack-plugin.js';

export { AuthDevtoolsPanel, type AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
export type { AuthDevtoolsPlugin, AuthDevtoolsPluginOptions } from './tanstack-plugin.js';
/** `<AuthDevtoolsPanel />` as a tab of TanStack Devtools. */
export const authDevtoolsPlugin: (options?: AuthDevtoolsPluginOptions) => AuthDevtoolsPlugin = pluginOf(AuthDevtoolsPanel);
