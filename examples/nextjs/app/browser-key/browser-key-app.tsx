'use client';

import { AuthProvider } from 'graphql-jwt-auth-react';
import { useState } from 'react';
import { AccountAndPentests } from '@/components/account-and-pentests';

export function BrowserKeyApp({ regions }: { regions: Record<string, string> }) {
  const [apiKey, setApiKey] = useState<string | null>(null);
  if (apiKey === null) {
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const typed = new FormData(event.currentTarget).get('apiKey');
          if (typeof typed === 'string' && typed !== '') setApiKey(typed);
        }}
      >
        <label>
          Your API key <input name="apiKey" type="password" autoComplete="off" data-testid="api-key" />
        </label>{' '}
        <button type="submit">Use it</button>
      </form>
    );
  }
  return (
    <AuthProvider apiKey={apiKey} region="us" regions={regions}>
      <AccountAndPentests />
    </AuthProvider>
  );
}
