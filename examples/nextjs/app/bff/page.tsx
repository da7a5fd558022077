import { AccountAndPentests } from '@/components/account-and-pentests';
import { BffAuthProvider } from '@/components/bff-auth-provider';
import { SignedInOnly } from '@/components/signed-in-only';

export default function BffPage() {
  return (
    <>
      <h1>BFF proxy</h1>
      <p>
        Neither the key nor a token reaches the browser: it posts its operations to <code>/api/graphql</code> with
        its session cookie, and the server sends them on with its own token. No CORS needed.
      </p>
      <SignedInOnly next="/bff">
        <BffAuthProvider>
          <AccountAndPentests />
        </BffAuthProvider>
      </SignedInOnly>
    </>
  );
}
