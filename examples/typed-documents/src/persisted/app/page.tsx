'use client';
// src/app/page.tsx: the Vite page's Pentests in Next.js. The page asks the route handler for each
// operation by its id (the ids of this build, as the route's list is), never by its text; a tab older
// than the server's list asks once to reload.
import { QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider, graphqlProxy } from 'graphql-jwt-auth-react';
import { useState } from 'react';
import { queryClientAskingToReload } from '../new-build';
import { SignInOrPentests } from '../sign-in-or-pentests';

const proxy = graphqlProxy('/api/graphql', { sendDocumentIds: true });

export default function Home() {
  // One QueryClient per tab, made on the client: not shared by the requests a server renders.
  const [queryClient] = useState(() =>
    queryClientAskingToReload(() => {
      if (window.confirm('A new version of this app is out. Reload the page?')) window.location.reload();
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider graphqlProxy={proxy}>
        <SignInOrPentests />
      </AuthProvider>
    </QueryClientProvider>
  );
}
