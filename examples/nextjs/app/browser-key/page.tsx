import { connection } from 'next/server';
import { Suspense } from 'react';
import { upstreamRegions } from '@/lib/upstream';
import { BrowserKeyApp } from './browser-key-app';

/** No session needed: the server takes no part, the user's own key goes straight to the service. */
export default function BrowserKeyPage() {
  return (
    <>
      <h1>Browser key</h1>
      <p>
        For a key each user types in for themselves, or an internal tool: the key lives in this tab&apos;s memory
        and goes only into the body of <code>/v1/auth</code>. Anything running in the page can read it.
      </p>
      <Suspense fallback={<p>Loading…</p>}>
        <BrowserKeyForm />
      </Suspense>
    </>
  );
}

// Per request, never in a prerender: UPSTREAM_URL is read when a request comes, not when `next build`
// runs (with `cacheComponents`, inside a <Suspense> boundary).
async function BrowserKeyForm() {
  await connection();
  return <BrowserKeyApp regions={upstreamRegions()} />;
}
