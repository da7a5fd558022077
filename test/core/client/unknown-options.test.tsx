import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthProviderProps, createAuthClient } from '../../../src/index.js';
import { AuthStatus } from '../../support/components.js';
import { startService } from '../../support/fixtures.js';
import { renderWithAuth } from '../../support/render.js';

/** The warnings the library wrote while `act` ran. */
function warningsOf(act: () => void): string[] {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    act();
    return warn.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith('graphql-jwt-auth-react:'));
  } finally {
    warn.mockRestore();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('an option name the library does not know is reported once in development', () => {
  it('createAuthClient names the unknown option and the one meant, once however many clients get it', () => {
    // As JavaScript passes it: no excess-property check.
    const options = { apiKey: 'k', region: 'test', regions: { test: 'http://127.0.0.1:1' }, regoins: { test: 'http://127.0.0.1:1' } };
    const lines = warningsOf(() => {
      createAuthClient(options).dispose();
      createAuthClient(options).dispose();
    });
    expect(lines).toEqual(['graphql-jwt-auth-react: createAuthClient ignores the option "regoins", which it does not know. Did you mean "regions"?']);
  });

  it('a name near none of the known ones is reported without a guess', () => {
    const options = { apiKey: 'k', region: 'test', regions: { test: 'http://127.0.0.1:1' }, onTokenRefreshed: () => undefined };
    expect(
      warningsOf(() => {
        createAuthClient(options).dispose();
      }),
    ).toEqual(['graphql-jwt-auth-react: createAuthClient ignores the option "onTokenRefreshed", which it does not know.']);
  });

  it('AuthProvider reports an unknown prop, and not its own props (queryClient, onAuthError, children)', async () => {
    const running = await startService();
    const props = { refreshMarginMS: 1000, onAuthError: () => undefined } as Partial<AuthProviderProps>;
    let view: ReturnType<typeof renderWithAuth> | undefined;
    const lines = warningsOf(() => {
      view = renderWithAuth(<AuthStatus />, running, props);
    });
    expect(lines).toEqual([
      'graphql-jwt-auth-react: AuthProvider ignores the option "refreshMarginMS", which it does not know. Did you mean "refreshMarginMs"?',
    ]);
    view?.unmount();
  });

  it('says nothing in production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const options = { apiKey: 'k', region: 'test', regions: { test: 'http://127.0.0.1:1' }, regionz: {} };
    expect(
      warningsOf(() => {
        createAuthClient(options).dispose();
      }),
    ).toEqual([]);
  });

  it('where there is no `process` (a page loading the module as is): no ReferenceError, nothing reported, a bad option still refused with its code', async () => {
    // A production build must be able to drop the messages without `process`: so codes only here.
    vi.stubGlobal('process', undefined);
    const options = { apiKey: 'k', region: 'test', regions: { test: 'http://127.0.0.1:1' }, fecth: fetch, refreshMarginMs: -1 };
    let client: ReturnType<typeof createAuthClient> | undefined;
    const lines = warningsOf(() => {
      client = createAuthClient(options);
    });
    vi.unstubAllGlobals();
    expect(lines).toEqual([]);
    await expect(client?.request('{ hello }')).rejects.toMatchObject({ name: 'AuthConfigError', code: 'GJA_NUMBER', message: 'invalid option (GJA_NUMBER)' });
    client?.dispose();
  });
});
