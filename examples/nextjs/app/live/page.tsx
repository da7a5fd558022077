import { LiveAuthProvider } from '@/components/live-auth-provider';
import { LivePentestState } from '@/components/live-pentest-state';
import { SignedInOnly } from '@/components/signed-in-only';

export default function LivePage() {
  return (
    <>
      <h1>Live</h1>
      <p>
        A subscription through the BFF proxy: the browser opens an event stream to <code>/api/graphql</code> with
        its session cookie; the server subscribes upstream with its own token, and moves to the next token before
        each one expires.
      </p>
      <SignedInOnly next="/live">
        <LiveAuthProvider>
          <LivePentestState />
        </LiveAuthProvider>
      </SignedInOnly>
    </>
  );
}
