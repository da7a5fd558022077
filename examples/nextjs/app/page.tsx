import Link from 'next/link';
import { SignInForm } from '@/components/sign-in-form';
import { isSignedIn } from '@/lib/signed-in';

export default async function Home() {
  const signedIn = await isSignedIn();
  return (
    <>
      <h1>graphql-jwt-auth-react on Next.js</h1>
      <p>One component, three places for the API key. Most secure first:</p>
      <ul>
        <li>
          <Link href="/bff">BFF proxy</Link>: the browser holds neither the key nor a token; <code>/api/graphql</code>{' '}
          forwards its queries.
        </li>
        <li>
          <Link href="/token-endpoint">Token endpoint</Link>: the server holds the key and hands the browser
          short-lived tokens from <code>/api/token</code>; the browser calls the service directly.
        </li>
        <li>
          <Link href="/browser-key">Browser key</Link>: each user types in a key of their own (an internal tool).
        </li>
        <li>
          <Link href="/prefetched">Prefetched</Link>: a Server Component renders the data; the browser asks for
          nothing on first render.
        </li>
      </ul>
      {signedIn ? (
        <form method="post" action="/api/sign-out">
          <p data-testid="signed-in">Signed in as the demo user.</p>
          <button type="submit">Sign out</button>
        </form>
      ) : (
        <SignInForm next="/" />
      )}
    </>
  );
}
