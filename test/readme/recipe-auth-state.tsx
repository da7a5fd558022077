import { useAuth, useAuthClient } from 'graphql-jwt-auth-react';
import { useStore } from 'zustand';

export function AuthBadge() {
  // Re-renders on every auth change (status, renewal, error).
  const { status, error, expiresAt, refresh, signOut } = useAuth();
  // refresh() rejects when it fails; the failure shows in `status` and `error`, so the promise is settled here.
  const retry = () => {
    refresh().catch(() => undefined);
  };
  if (status === 'error') return <button onClick={retry}>Retry sign-in ({error?.name})</button>;
  return (
    <span title={expiresAt === null ? '' : `token until ${new Date(expiresAt).toLocaleTimeString()}`}>
      {status} <button onClick={signOut}>Sign out</button>
    </span>
  );
}

// Re-renders only when the selected value changes (zustand comes with this package).
export function SignedInDot() {
  const signedIn = useStore(useAuthClient().store, (state) => state.status === 'authenticated');
  return <span aria-label={signedIn ? 'signed in' : 'signed out'}>●</span>;
}
