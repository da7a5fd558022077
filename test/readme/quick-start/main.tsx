// src/main.tsx
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from 'graphql-jwt-auth-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* The mock service (npx -p graphql-jwt-auth-react graphql-jwt-auth-mock); for the real service: your key and region. */}
      <AuthProvider apiKey="dev-key" region="us" regions={{ us: 'http://127.0.0.1:4000' }}>
        <App />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
