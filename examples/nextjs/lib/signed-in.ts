// For Server Components, which read the request's headers through next/headers rather than a Request.
import 'server-only';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { isValidSession, sessionCookieIn } from './session';

export async function isSignedIn(): Promise<boolean> {
  // Per request, never in a prerender: the session's expiry is checked against the clock.
  await connection();
  return isValidSession(sessionCookieIn((await headers()).get('cookie')));
}
