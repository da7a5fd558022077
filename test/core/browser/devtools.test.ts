import { afterEach, describe, expect, it, vi } from 'vitest';
import { authDevtools, InvalidApiKeyError } from '../../../src/index.js';
import { PentestsDocument } from '../../support/documents.js';
import { API_KEY, clientFor, startService } from '../../support/fixtures.js';

type Listener = (message: { type: string; payload?: unknown; state?: string }) => void;

/**
 * Stands in for the Redux DevTools browser extension: records what it is handed. `withUnsubscribe:
 * false` is an older extension whose connection has no unsubscribe.
 */
function installFakeExtension({ withUnsubscribe = true } = {}) {
  const record = { names: [] as string[], states: [] as unknown[], actions: [] as string[], listeners: [] as Listener[], unsubscribed: 0 };
  const extension = {
    connect(options: { name?: string }) {
      record.names.push(options.name ?? '');
      return {
        init: (state: unknown) => {
          record.actions.push('@@INIT');
          record.states.push(state);
        },
        send: (action: { type: string }, state: unknown) => {
          record.actions.push(action.type);
          record.states.push(state);
        },
        subscribe: (listener: Listener) => {
          record.listeners.push(listener);
          return () => undefined;
        },
        ...(withUnsubscribe ? { unsubscribe: () => void (record.unsubscribed += 1) } : {}),
      };
    },
  };
  vi.stubGlobal('__REDUX_DEVTOOLS_EXTENSION__', extension);
  return record;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('Redux DevTools', () => {
  it('in development, shows the state as "graphql-jwt-auth" without the token or the API key', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });
    await client.request(PentestsDocument, { page_size: 1 });

    expect(devtools.names).toEqual(['graphql-jwt-auth']);
    expect(devtools.states.at(-1)).toMatchObject({ status: 'authenticated', token: '[redacted]', error: null });
    const shown = JSON.stringify(devtools.states);
    expect(running.service.issuedTokens).toHaveLength(1);
    expect(shown).not.toContain(running.service.issuedTokens[0]);
    expect(shown).not.toContain(API_KEY);

    client.dispose();
    expect(devtools.unsubscribed).toBe(1);
  });

  it('time travel in DevTools cannot plant a state in the client: it drives a mirror', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });
    const token = await client.getToken();

    const planted = JSON.stringify({ status: 'authenticated', token: '[redacted]', expiresAt: null, error: null });
    for (const listener of devtools.listeners) {
      listener({ type: 'DISPATCH', payload: { type: 'JUMP_TO_STATE' }, state: planted });
    }

    expect(client.store.getState().token).toBe(token);
    await client.request(PentestsDocument, { page_size: 1 });
    expect(running.service.graphqlCalls.map((call) => call.token)).toEqual([token]);
  });

  it.each(['production', 'test'])('with NODE_ENV=%s nothing connects, even with the extension installed', async (env) => {
    vi.stubEnv('NODE_ENV', env);
    const devtools = installFakeExtension();
    const running = await startService();
    await clientFor(running, { devtools: authDevtools() }).request(PentestsDocument, { page_size: 1 });
    expect(devtools.names).toEqual([]);
    expect(devtools.states).toEqual([]);
  });

  it('is opt-in: in development, with the extension installed, a client without authDevtools() connects nothing', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    await clientFor(running).request(PentestsDocument, { page_size: 1 });
    expect(devtools.names).toEqual([]);
    expect(devtools.states).toEqual([]);
  });
});

describe('Redux DevTools: what each entry shows', () => {
  it('starts with the idle state as it is, then one "auth/<status>" entry per change, expiry as an ISO date', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });

    await client.request(PentestsDocument, { page_size: 1 });

    const { expiresAt } = client.store.getState();
    expect(devtools.actions).toEqual(['@@INIT', 'auth/authenticating', 'auth/authenticated']);
    expect(devtools.states[0]).toEqual({ status: 'idle', token: null, expiresAt: null, error: null });
    expect(devtools.states.at(-1)).toEqual({
      status: 'authenticated',
      token: '[redacted]',
      expiresAt: new Date(expiresAt ?? Number.NaN).toISOString(),
      error: null,
    });
  });

  it('shows an error as its name and message only', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { apiKey: 'not-a-key', devtools: authDevtools() });

    await expect(client.request(PentestsDocument, { page_size: 1 })).rejects.toBeInstanceOf(InvalidApiKeyError);

    expect(devtools.states.at(-1)).toEqual({
      status: 'error',
      token: null,
      expiresAt: null,
      error: { name: 'InvalidApiKeyError', message: 'The API key was rejected by the auth endpoint (401)' },
    });
  });

  it('after dispose, state changes are no longer sent', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });
    await client.request(PentestsDocument, { page_size: 1 });
    const shown = devtools.states.length;

    client.dispose();
    client.signOut();

    expect(client.store.getState().status).toBe('signedOut');
    expect(devtools.states).toHaveLength(shown);
  });

  it('an extension whose connection has no unsubscribe: the client still disposes cleanly', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const devtools = installFakeExtension({ withUnsubscribe: false });
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });
    await client.request(PentestsDocument, { page_size: 1 });

    expect(() => {
      client.dispose();
    }).not.toThrow();
    expect(devtools.names).toEqual(['graphql-jwt-auth']);
  });

  it('in development without the extension, a client with authDevtools() works and connects nothing', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });

    const data = await client.request(PentestsDocument, { page_size: 1 });

    expect(data.pentests_page.pentests).toHaveLength(1);
    expect(running.service.graphqlCalls).toHaveLength(1);
  });

  it('where no `process` exists (a page without a bundler), nothing connects, even with the extension installed', async () => {
    const devtools = installFakeExtension();
    const running = await startService();
    const client = clientFor(running, { devtools: authDevtools() });

    vi.stubGlobal('process', undefined);
    // The client connects DevTools synchronously on its first request.
    const answered = client.request(PentestsDocument, { page_size: 1 });
    vi.unstubAllGlobals();

    expect((await answered).pentests_page.pentests).toHaveLength(1);
    expect(devtools.names).toEqual([]);
  });
});
