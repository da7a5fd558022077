// src/main.tsx: the page asks server.mjs's proxy for each operation by its id (codegen's documents
// carry one), never by its text; a page older than the server's list asks the user to reload.
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, graphqlProxy } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClientAskingToReload } from './new-build';
import { SignInOrPentests } from './sign-in-or-pentests';

const queryClient = queryClientAskingToReload(() => {
  if (window.confirm('A new version of this app is out. Reload the page?')) window.location.reload();
});
const proxy = graphqlProxy('/api/graphql', { sendDocumentIds: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider graphqlProxy={proxy}>
        <SignInOrPentests />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
