import type { ComponentType, ReactElement } from 'react';
import type { AuthDevtoolsPanelProps } from './auth-devtools-panel.js';

export interface AuthDevtoolsPluginOptions extends AuthDevtoolsPanelProps {
  /** Open this tab when TanStack Devtools opens with no other tab chosen. Default false. */
  defaultOpen?: boolean | undefined;
}

/**
 * A tab of TanStack Devtools (`<TanStackDevtools plugins={[...]} />` from `@tanstack/react-devtools`):
 * the shape its React adapter takes, written here so the package needs no import of it.
 */
export interface AuthDevtoolsPlugin {
  id: string;
  name: string;
  render: ReactElement;
  defaultOpen: boolean;
}

/** The plugin factory over a panel component: the /devtools entry passes its development-only panel. */
export const pluginOf =
  (Panel: ComponentType<AuthDevtoolsPanelProps>) =>
  ({ defaultOpen = false, ...panel }: AuthDevtoolsPluginOptions = {}): AuthDevtoolsPlugin => ({
    id: 'graphql-jwt-auth-react',
    name: 'Auth',
    render: <Panel {...panel} />,
    defaultOpen,
  });
