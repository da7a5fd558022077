// `@tanstack/react-devtools` is an optional peer, not installed here: the part of its declarations
// (0.10.13) that the TanStack Devtools recipe in docs/observability.md and the Chromium test's app
// (test-browser/library/devtools-app/tanstack.tsx) use, so they compile.
declare module '@tanstack/react-devtools' {
  import type { JSX, ReactElement } from 'react';

  type PluginRender = JSX.Element | ((el: HTMLElement, props: { theme: 'dark' | 'light'; devtoolsOpen: boolean }) => JSX.Element);
  export interface TanStackDevtoolsReactPlugin {
    id?: string;
    name: string | PluginRender;
    render: PluginRender;
    defaultOpen?: boolean;
  }
  export interface TanStackDevtoolsReactInit {
    plugins?: TanStackDevtoolsReactPlugin[];
    config?: { defaultOpen?: boolean; position?: string };
  }
  export const TanStackDevtools: (props: TanStackDevtoolsReactInit) => ReactElement | null;
}
