// app/providers.tsx — the hooks need the browser (the token lives in memory), so the providers are
// a client component; app/layout.tsx renders <Providers>{children}</Providers>.
'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from 'graphql-jwt-auth-react';
import { type ReactNode, useState } from 'react';

export function Providers({ children }: { children: ReactNode }) {
  // One QueryClient per browser session, not one per render or a module singleton shared by requests.
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider apiKey={process.env.NEXT_PUBLIC_API_KEY ?? ''} region="eu">
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
