import { AuthDevtools } from 'graphql-jwt-auth-react/devtools';
import { renderApp } from './app.tsx';

renderApp(<AuthDevtools />);
