'use client';
// The devtools in development only. As @tanstack/react-query-devtools does it: a bundler replaces
// process.env.NODE_ENV, so a production build keeps `() => null` and drops the panel's code. Apps that
// want the panel in production import graphql-jwt-auth-react/devtools/production.
import type { ReactElement } from 'react';
import { AuthDevtools as Devtools, type AuthDevtoolsProps } from './auth-devtools.js';
import { AuthDevtoolsPanel as Panel, type AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
import { type AuthDevtoolsPlugin, type AuthDevtoolsPluginOptions, pluginOf } from './tanstack-plugin.js';

export type { AuthDevtoolsPosition, AuthDevtoolsProps } from './auth-devtools.js';
export type { AuthDevtoolsPanelProps } from './auth-devtools-panel.js';
export type { AuthDevtoolsPlugin, AuthDevtoolsPluginOptions } from './tanstack-plugin.js';

export const AuthDevtools: (props: AuthDevtoolsProps) => ReactElement | null =
  process.env.NODE_ENV !== 'development'
    ? function AuthDevtools() {
        return null;
      }
    : Devtools;

export const AuthDevtoolsPanel: (props: AuthDevtoolsPanelProps) => ReactElement | null =
  process.env.NODE_ENV !== 'development'
    ? function AuthDevtoolsPanel() {
        return null;
      }
    : Panel;

/** `<AuthDevtoolsPanel />` as a tab of TanStack Devtools; in production its panel renders nothing, as above. */
export const authDevtoolsPlugin: (options?: AuthDevtoolsPluginOptions) => AuthDevtoolsPlugin = pluginOf(AuthDevtoolsPanel);
