// For Server Components, which read cookies through next/headers rather than a Request.
import 'server-only';
import { cookies } from 'next/headers';
import { connection } from 'next/server';
import { isValidSession, SESSION_COOKIE } from './session';

export async function isSignedIn(): Promise<boolean> {
  // Per request, never in a prerender: the session's expiry is checked against the clock.
  await connection();
  return isValidSession((await cookies()).get(SESSION_COOKIE)?.value);
}
