import { afterEach, describe, expect, it, vi } from 'vitest';
import { authDevtools } from '../../src/index.js';
import { PentestsDocument } from '../support/documents.js';
import { API_KEY, clientFor, startService } from '../support/fixtures.js';

type Listener = (message: { type: string; payload?: unknown; state?: string }) => void;

/** Stands in for the Redux DevTools browser extension: records what it is handed. */
function installFakeExtension() {
  const record = { names: [] as string[], states: [] as unknown[], listeners: [] as Listener[], unsubscribed: 0 };
  const extension = {
    connect(options: { name?: string }) {
      record.names.push(options.name ?? '');
      return {
        init: (state: unknown) => void record.states.push(state),
        send: (_action: unknown, state: unknown) => void record.states.push(state),
        subscribe: (listener: Listener) => {
          record.listeners.push(listener);
          return () => undefined;
        },
        unsubscribe: () => void (record.unsubscribed += 1),
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

  it("time travel in DevTools cannot plant a state in the client: it drives a mirror", async () => {
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
