// src/session.ts: stands for your app's own sign-in (the session your sign-in route started); the
// route handler only asks "is this a signed-in user?". A demo: sessions in this process's memory.
import { randomBytes } from 'node:crypto';

const sessions = new Set<string>();

/** Starts a session; answers the cookie your sign-in route would set. */
export function startSession(): string {
  const id = randomBytes(32).toString('base64url');
  sessions.add(id);
  return `__Host-session=${id}`;
}

export function isSignedIn(request: Request): boolean {
  const id = /(?:^|;)\s*__Host-session=([\w-]{43})(?:;|$)/.exec(request.headers.get('cookie') ?? '')?.[1];
  return id !== undefined && sessions.has(id);
}
