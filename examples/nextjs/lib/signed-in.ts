// For Server Components, which read cookies through next/headers rather than a Request.
import 'server-only';
import { cookies } from 'next/headers';
import { isValidSession, SESSION_COOKIE } from './session';

export async function isSignedIn(): Promise<boolean> {
  return isValidSession((await cookies()).get(SESSION_COOKIE)?.value);
}
