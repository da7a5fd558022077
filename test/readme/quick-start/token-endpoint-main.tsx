// src/main.tsx in token-endpoint mode: no key in the browser. server.mjs answers /api/token only to a
// browser holding the session cookie its /api/sign-in set; until then this shows the sign-in form.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, AuthRequestError, tokenEndpoint, useAuth } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const queryClient = new QueryClient();
const endpoint = tokenEndpoint('/api/token');

function SignInOrApp() {
  // 401 from /api/token: the app's own authorizeRequest found no session.
  const signedOut = useAuth((auth) => auth.error instanceof AuthRequestError && auth.error.status === 401);
  if (!signedOut) return <App />;
  return (
    // A plain form post: the answer sets the HttpOnly cookie and sends the browser back here.
    <form method="post" action="/api/sign-in">
      <input name="password" type="password" aria-label="Password" autoComplete="current-password" />
      <button type="submit">Sign in</button>
    </form>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* regions: where the browser sends GraphQL with the token, here the mock service. */}
      <AuthProvider tokenEndpoint={endpoint} regions={{ us: 'http://127.0.0.1:4000' }}>
        <SignInOrApp />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
