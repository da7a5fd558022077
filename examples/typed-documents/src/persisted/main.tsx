// src/main.tsx: the page asks server.mjs's proxy for each operation by its id (codegen's documents
// carry one), never by its text; a page older than the server's list asks the user to reload.
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, AuthRequestError, graphqlProxy, useAuth, useGraphQLQuery } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClientAskingToReload } from './new-build';
import { ExamplePentestsQuery } from './pentests';

const queryClient = queryClientAskingToReload(() => {
  if (window.confirm('A new version of this app is out. Reload the page?')) window.location.reload();
});
const proxy = graphqlProxy('/api/graphql', { sendDocumentIds: true });

function Pentests() {
  const { data, error } = useGraphQLQuery(ExamplePentestsQuery, { page_size: 5 });
  if (error) return <p role="alert">{error.name}</p>;
  return (
    <ul>
      {data?.pentests_page.pentests.map((pentest) => (
        <li key={pentest.op_id}>{pentest.name}</li>
      ))}
    </ul>
  );
}

function SignInOrPentests() {
  // 401 from the proxy: server.mjs's authorizeRequest found no session.
  const signedOut = useAuth((auth) => auth.error instanceof AuthRequestError && auth.error.status === 401);
  if (!signedOut) return <Pentests />;
  return (
    <form method="post" action="/api/sign-in">
      <input name="password" type="password" aria-label="Password" autoComplete="current-password" />
      <button type="submit">Sign in</button>
    </form>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider graphqlProxy={proxy}>
        <SignInOrPentests />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
