import type { Event } from './world.js';

/** Whether a message a tab posted hands out a token. */
const sharesToken = (message: unknown) => (message as { kind?: unknown } | null)?.kind === 'session';

/** What a tab did that it must not have: each entry names the event by its place in the log. */
export function violations(events: readonly Event[]): string[] {
  const found: string[] = [];
  const signedOut = new Map<number, Set<string>>(); // tab → the tokens it knew when it signed out
  const disposed = new Set<number>();
  const refused = new Map<number, Set<string>>(); // tab → tokens the server refused to it
  const known = new Map<number, Set<string>>(); // tab → tokens issued so far (to any tab)
  const issuedSoFar = new Set<string>();
  const after = (i: number, event: Event, what: string) => found.push(`#${i} tab ${event.tab}: ${what}`);

  events.forEach((event, i) => {
    const stale = signedOut.get(event.tab);
    switch (event.kind) {
      case 'signOut':
        signedOut.set(event.tab, new Set(issuedSoFar));
        break;
      case 'refresh':
        // A refresh lifts the sign-out, but the tokens from before it stay dead for this tab.
        if (stale) known.set(event.tab, stale);
        signedOut.delete(event.tab);
        break;
      case 'dispose':
        disposed.add(event.tab);
        break;
      case 'issued':
        issuedSoFar.add(event.token);
        break;
      case 'refused':
        refused.set(event.tab, (refused.get(event.tab) ?? new Set()).add(event.token));
        break;
      case 'send':
        if (stale) after(i, event, `${event.endpoint} call after signOut() and before refresh()`);
        if (event.token !== null && known.get(event.tab)?.has(event.token)) after(i, event, 'sent a token from before its sign-out');
        if (event.token !== null && refused.get(event.tab)?.has(event.token)) after(i, event, 'sent a token the server refused to it');
        break;
      case 'write':
        if (disposed.has(event.tab)) after(i, event, 'wrote to storage after dispose()');
        else if (stale && event.token !== null) after(i, event, 'stored a token while signed out');
        break;
      case 'post':
        if (disposed.has(event.tab)) after(i, event, 'posted on the tab channel after dispose()');
        else if (stale && sharesToken(event.message)) after(i, event, 'shared a token while signed out');
        break;
    }
  });
  return found;
}

/** `/v1/auth` calls made so far. */
export const authCalls = (events: readonly Event[]) => events.filter((event) => event.kind === 'send' && event.endpoint === 'auth').length;
