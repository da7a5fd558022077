import { renderApp } from './app.tsx';

// The same app without the devtools: what its production build must equal.
renderApp();
