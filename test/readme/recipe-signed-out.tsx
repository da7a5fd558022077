import { useAuth, useGraphQLQuery } from 'graphql-jwt-auth-react';
import type { ReactNode } from 'react';
import { PentestsDocument } from './documents';

// After signOut() (here or, with tabSync, in another tab) the status is 'signedOut' until refresh():
// show a sign-in screen instead of the failing queries.
export function SignedOutGate({ children }: { children: ReactNode }) {
  const { status, refresh } = useAuth();
  if (status === 'signedOut') {
    return (
      <main>
        <p>You are signed out.</p>
        <button onClick={() => void refresh()}>Sign in again</button>
      </main>
    );
  }
  return <>{children}</>;
}

export function PentestCount() {
  const { data } = useGraphQLQuery(PentestsDocument);
  return <p>{data?.pentests_page.pentests.length ?? '…'} pentests</p>;
}
