'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

export function Providers({ children }: { children: ReactNode }) {
  // One QueryClient per browser session, not one per render or a module singleton shared by requests.
  // A staleTime keeps data a Server Component prefetched from being refetched the moment it hydrates.
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }));
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
