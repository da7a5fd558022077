import { TanStackDevtools } from '@tanstack/react-devtools';
import { authDevtoolsPlugin } from 'graphql-jwt-auth-react/devtools';
import { renderApp } from './app.tsx';

// The auth panel as the one tab of TanStack Devtools, open at first render.
renderApp(<TanStackDevtools config={{ defaultOpen: true }} plugins={[authDevtoolsPlugin({ defaultOpen: true })]} />);
