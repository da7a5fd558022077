import { type ReactNode, Suspense } from 'react';
import { SignInForm } from '@/components/sign-in-form';
import { isSignedIn } from '@/lib/signed-in';

/**
 * Its children for a signed-in user, else the sign-in form. Reading the session cookie makes this part
 * of the page per request; the <Suspense> boundary lets the rest be prerendered (with `cacheComponents`,
 * which create-next-app turns on, `next build` refuses a page that reads cookies outside one).
 */
export function SignedInOnly({ next, children }: { next: string; children: ReactNode }) {
  return (
    <Suspense fallback={<p>Checking your session…</p>}>
      <SessionGate next={next}>{children}</SessionGate>
    </Suspense>
  );
}

// The children (Server Components too) render only when returned: signed out, none of them runs.
async function SessionGate({ next, children }: { next: string; children: ReactNode }) {
  return (await isSignedIn()) ? children : <SignInForm next={next} />;
}
