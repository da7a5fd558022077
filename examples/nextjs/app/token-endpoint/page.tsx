import { AccountAndPentests } from '@/components/account-and-pentests';
import { SignInForm } from '@/components/sign-in-form';
import { TokenEndpointAuthProvider } from '@/components/token-endpoint-auth-provider';
import { isSignedIn } from '@/lib/signed-in';
import { upstreamRegions } from '@/lib/upstream';

export default async function TokenEndpointPage() {
  if (!(await isSignedIn())) return <SignInForm next="/token-endpoint" />;
  return (
    <>
      <h1>Token endpoint</h1>
      <p>
        The key stays on the server. The browser gets short-lived tokens from <code>/api/token</code> (only with a
        session) and sends GraphQL straight to the service, which must allow this origin (CORS).
      </p>
      <TokenEndpointAuthProvider regions={upstreamRegions()}>
        <AccountAndPentests />
      </TokenEndpointAuthProvider>
    </>
  );
}
