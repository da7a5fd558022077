// src/main.tsx for the tenants recipe: BFF mode, so neither a tenant's key nor a token reaches the
// browser. server-tenants.mjs answers /api/graphql with the signed-in user's tenant's key; until a
// user signs in, it answers 401 and this shows the sign-in form.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, AuthRequestError, graphqlProxy, useAuth } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const queryClient = new QueryClient();
const proxy = graphqlProxy('/api/graphql');

function SignInOrApp() {
  // 401 from /api/graphql: the server's resolver found no session.
  const signedOut = useAuth((auth) => auth.error instanceof AuthRequestError && auth.error.status === 401);
  if (signedOut) {
    return (
      // Plain form posts: the answer sets (or clears) the HttpOnly cookie and sends the browser back here.
      <form method="post" action="/api/sign-in">
        <input name="user" aria-label="User" autoComplete="username" placeholder="alice or bob" />
        <input name="password" type="password" aria-label="Password" autoComplete="current-password" />
        <button type="submit">Sign in</button>
      </form>
    );
  }
  return (
    <>
      <App />
      <form method="post" action="/api/sign-out">
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider graphqlProxy={proxy}>
        <SignInOrApp />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
