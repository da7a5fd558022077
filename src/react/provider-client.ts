import { useEffect, useMemo } from 'react';
import { bearer } from '../core/client/auth-client.js';
import { createOwnedAuthClient } from '../core/client/create-auth-client.js';
import type { Regions } from '../core/sources/regions.js';
import type { AuthClientOptions } from '../core/client/options.js';
import type { AuthClient } from '../core/client/types.js';
import { type OptInName, SHAPES } from '../core/client/opt-in-options.js';
import { useIsomorphicLayoutEffect } from './use-latest.js';

interface ProviderClient {
  client: AuthClient;
  /** Points the client's callbacks at the committed provider's latest props. */
  follow: (props: AuthClientOptions) => void;
}

/**
 * Clients made during renders that have not committed, by identity. React discards the hooks of a
 * tree that suspends before its first commit, so the retry would make a second client and ask
 * `/v1/auth` again; it takes the first one from here instead. Browser only: on a server, renders
 * of different requests must share nothing.
 */
const uncommitted = new Map<string, ProviderClient>();

/**
 * The options read once, when the client is made; a change of any of them makes a new client: every
 * opt-in (the names opt-in-options.ts checks, so a new opt-in is never left out here) and the plain
 * options that say where and when tokens are had.
 */
const IDENTITY_OPTIONS: readonly (keyof AuthClientOptions)[] = [
  ...(Object.keys(SHAPES) as OptInName[]),
  'regions',
  'refreshMarginMs',
  'authTimeoutMs',
  'renewOnWake',
];

/**
 * JSON compares by value and leaves functions out, so an inline `regions` object, or an inline
 * `persist={sessionPersistence({ storage })}` or `tabSync={tabSync('app')}`, keeps the client: what
 * identifies those options (the storage key, the channel, the URL) is data.
 */
function identityKey(props: AuthClientOptions): string {
  return JSON.stringify(IDENTITY_OPTIONS.map((name) => props[name] ?? null));
}

function create(props: AuthClientOptions): ProviderClient {
  const latest = { current: props };
  const options: AuthClientOptions = {
    fetch: (input, init) => (latest.current.fetch ?? globalThis.fetch)(input, init),
    authorize: (token) => latest.current.authorize?.(token) ?? bearer(token),
    now: () => (latest.current.now ?? Date.now)(),
  };
  // This render's values (persist included): the client is made now, with what this render asks for.
  for (const name of IDENTITY_OPTIONS) {
    if (props[name] !== undefined) Object.assign(options, { [name]: props[name] });
  }
  if (options.regions !== undefined) options.regions = JSON.parse(JSON.stringify(options.regions)) as Regions;
  const client = createOwnedAuthClient(options, { selfOwned: false });
  return {
    client,
    follow: (next) => {
      latest.current = next;
    },
  };
}

function claim(key: string, props: AuthClientOptions): ProviderClient {
  if (typeof window === 'undefined') return create(props);
  let entry = uncommitted.get(key);
  if (entry === undefined) uncommitted.set(key, (entry = create(props)));
  return entry;
}

/**
 * The provider's client for these props: one per identity, kept across renders. It does background
 * work only while a committed provider retains it, and stops when the last one unmounts.
 */
export function useProviderClient(props: AuthClientOptions): AuthClient {
  const key = identityKey(props);
  const entry = useMemo(() => claim(key, props), [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the key is what matters
  useIsomorphicLayoutEffect(() => {
    entry.follow(props);
  });
  useEffect(() => {
    if (uncommitted.get(key) === entry) uncommitted.delete(key);
    return entry.client.retain();
  }, [key, entry]);
  return entry.client;
}
