import { AccountAndPentests } from '@/components/account-and-pentests';
import { SignedInOnly } from '@/components/signed-in-only';
import { TokenEndpointAuthProvider } from '@/components/token-endpoint-auth-provider';
import { upstreamRegions } from '@/lib/upstream';

export default function TokenEndpointPage() {
  return (
    <>
      <h1>Token endpoint</h1>
      <p>
        The key stays on the server. The browser gets short-lived tokens from <code>/api/token</code> (only with a
        session) and sends GraphQL straight to the service, which must allow this origin (CORS).
      </p>
      <SignedInOnly next="/token-endpoint">
        <TokenEndpointAuthProvider regions={upstreamRegions()}>
          <AccountAndPentests />
        </TokenEndpointAuthProvider>
      </SignedInOnly>
    </>
  );
}
