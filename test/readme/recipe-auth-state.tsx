import { useAuth } from 'graphql-jwt-auth-react';

export function AuthBadge() {
  // Re-renders on every auth change (status, renewal, error).
  const { status, error, expiresAt, refresh, signOut } = useAuth();
  // refresh() never rejects: a failure shows in `status` and `error` (and goes to onAuthError).
  if (status === 'error') return <button onClick={() => void refresh()}>Retry sign-in ({error?.name})</button>;
  return (
    <span title={expiresAt === null ? '' : `token until ${new Date(expiresAt).toLocaleTimeString()}`}>
      {status} <button onClick={signOut}>Sign out</button>
    </span>
  );
}

// With a selector, as zustand's: re-renders only when the selected value changes.
export function SignedInDot() {
  const signedIn = useAuth((auth) => auth.status === 'authenticated');
  return <span aria-label={signedIn ? 'signed in' : 'signed out'}>●</span>;
}
