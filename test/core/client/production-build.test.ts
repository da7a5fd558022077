// @vitest-environment node
// The option checks in both modes a bundler builds: /core bundled with process.env.NODE_ENV replaced,
// as an app's production and development builds replace it, then run. Production keeps no message
// (docs/config-errors.md has them by code) and still refuses a bad option, with its code.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';

const entry = fileURLToPath(new URL('../../../src/core/index.ts', import.meta.url));
const dir = await mkdtemp(join(tmpdir(), 'gja-build-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

type Core = typeof import('../../../src/core/index.js');

/** /core as an app's bundler builds it for `mode`, and the module it gives. */
async function built(mode: 'production' | 'development'): Promise<{ code: string; core: Core }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles.map((file) => file.text).join('');
  const file = join(dir, `core-${mode}.mjs`);
  await writeFile(file, code);
  return { code, core: (await import(pathToFileURL(file).href)) as Core };
}

/** A client given a negative margin and a misspelt option, the console's warnings, and its first request's error. */
async function refusal({ createAuthClient }: Core): Promise<{ warnings: unknown[][]; error: unknown }> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const client = createAuthClient({ apiKey: 'k', region: 'test', regions: { test: 'http://127.0.0.1:1' }, refreshMarginMs: -1, regoins: {} } as never);
    const error: unknown = await client.request('{ hello }').catch((caught: unknown) => caught);
    client.dispose();
    return { warnings: warn.mock.calls, error };
  } finally {
    warn.mockRestore();
  }
}

describe('the option checks in a bundled app', () => {
  it('production: no message or unknown-option warning in the bundle, and a bad option still refused with an AuthConfigError and its code', async () => {
    const { code, core } = await built('production');
    for (const message of ['must be a finite number', 'ignores the option', 'Did you mean', 'takes tokenEndpoint(url)', 'opentelemetry'])
      expect(code).not.toContain(message);
    const { warnings, error } = await refusal(core);
    expect(warnings).toEqual([]);
    expect(error).toBeInstanceOf(core.AuthConfigError);
    expect(error).toMatchObject({ name: 'AuthConfigError', code: 'GJA_NUMBER', message: 'invalid option (GJA_NUMBER)' });
  });

  it('development: the full message with the same code, and the misspelt option reported', async () => {
    const { core } = await built('development');
    const { warnings, error } = await refusal(core);
    expect(warnings).toEqual([['graphql-jwt-auth-react: createAuthClient ignores the option "regoins", which it does not know. Did you mean "regions"?']]);
    expect(error).toBeInstanceOf(core.AuthConfigError);
    expect(error).toMatchObject({ code: 'GJA_NUMBER', message: 'refreshMarginMs must be a finite number ≥ 0, got -1' });
  });
});

/** The first request's error of a client that sends nothing (signed out, or refused), so no service is needed. */
async function firstError({ createAuthClient }: Core, region: string, signOut: boolean): Promise<unknown> {
  const client = createAuthClient({ apiKey: 'k', region, regions: { test: 'http://127.0.0.1:1' } });
  if (signOut) client.signOut();
  const error: unknown = await client.request('{ hello }').catch((caught: unknown) => caught);
  client.dispose();
  return error;
}

const signedOut = (core: Core) => firstError(core, 'test', true);

describe("the errors' messages in a bundled app", () => {
  it('production: none of their prose in the bundle, the same error class with its code', async () => {
    const { code, core } = await built('production');
    for (const message of [
      'call refresh() to authenticate again',
      'even after re-authenticating',
      'Could not reach the auth endpoint',
      'which is not followed',
      'with no GraphQL errors in the answer',
      'see error.response.errors',
    ])
      expect(code).not.toContain(message);
    const error = await signedOut(core);
    expect(error).toBeInstanceOf(core.SignedOutError);
    expect(error).toMatchObject({ name: 'SignedOutError', message: 'GJA_SIGNED_OUT' });
  });

  it('development: the full message', async () => {
    const { core } = await built('development');
    expect(await signedOut(core)).toMatchObject({ name: 'SignedOutError', message: 'Signed out: call refresh() to authenticate again' });
  });
});

/** A GraphQL failure as the transport makes it: two errors, the first with a path. */
function graphqlFailure({ GraphQLResponseError }: Core): InstanceType<Core['GraphQLResponseError']> {
  // The service's errors as sent: plain objects, not graphql's GraphQLError instances.
  const errors = [{ message: 'Not allowed', path: ['pentests_page', 0] }, { message: 'second' }] as never;
  return new GraphQLResponseError(
    { status: 200, headers: new Headers(), body: '', errors },
    { query: 'query Pentests { pentests_page { op_id } }' },
    'Pentests',
  );
}

describe("a GraphQL failure's message in a bundled app", () => {
  it("production: the code and the facts, the service's own words among them", async () => {
    const { core } = await built('production');
    expect(graphqlFailure(core)).toMatchObject({ name: 'GraphQLResponseError', message: 'GJA_GRAPHQL 200 Pentests Not allowed at pentests_page.0 1' });
  });

  it('development: the full message', async () => {
    const { core } = await built('development');
    expect(graphqlFailure(core)).toMatchObject({
      message: 'GraphQL operation Pentests failed (HTTP 200): Not allowed at pentests_page.0 (and 1 more error; see error.response.errors)',
    });
  });
});

/** The error of a client whose region its regions do not name: refused before anything is sent. */
const unknownRegion = (core: Core) => firstError(core, 'mars', false);

describe("a configuration error's message outside the option checks in a bundled app", () => {
  it('production: an unknown region says its code and the facts, no prose in the bundle', async () => {
    const { code, core } = await built('production');
    for (const message of ['configured regions', 'needs both authUrl and graphqlUrl', 'obtains no token here']) expect(code).not.toContain(message);
    const error = await unknownRegion(core);
    expect(error).toBeInstanceOf(core.AuthConfigError);
    expect(error).toMatchObject({ code: 'GJA_UNKNOWN_REGION', message: 'GJA_UNKNOWN_REGION mars test' });
  });

  it('development: the full message, the same code', async () => {
    const { core } = await built('development');
    expect(await unknownRegion(core)).toMatchObject({ code: 'GJA_UNKNOWN_REGION', message: 'Unknown region "mars"; configured regions: test' });
  });
});

describe('a development build in a browser, which has no `process`', () => {
  // Bundlers replace `process.env.NODE_ENV` and leave `typeof process` as it is: a guard that asked
  // for `process` first took the codes-only branch in every browser's development build.
  it('says the full messages and reports the misspelt option, as in Node', async () => {
    const { core } = await built('development');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('process', undefined);
    let option: ReturnType<Core['createAuthClient']> | undefined;
    let region: ReturnType<Core['createAuthClient']> | undefined;
    let signedOut: unknown;
    let warnings: unknown[][];
    try {
      // Not `regoins`: this module instance already reported that one, once, in a test above.
      option = core.createAuthClient({ apiKey: '', region: 'test', regions: { test: 'http://127.0.0.1:1' }, refreshMarginMS: 1 } as never);
      region = core.createAuthClient({ apiKey: 'k', region: 'mars', regions: { test: 'http://127.0.0.1:1' } });
      signedOut = new core.SignedOutError();
      warnings = warn.mock.calls;
    } finally {
      vi.unstubAllGlobals();
      warn.mockRestore();
    }
    expect(warnings).toEqual([
      ['graphql-jwt-auth-react: createAuthClient ignores the option "refreshMarginMS", which it does not know. Did you mean "refreshMarginMs"?'],
    ]);
    expect(option.store.getState().error).toMatchObject({ code: 'GJA_STRING', message: 'apiKey must be a non-empty string' });
    expect(region.store.getState().error).toMatchObject({ code: 'GJA_UNKNOWN_REGION', message: 'Unknown region "mars"; configured regions: test' });
    expect(signedOut).toMatchObject({ message: 'Signed out: call refresh() to authenticate again' });
    option.dispose();
    region.dispose();
  });
});
