/**
 * The client an app makes (createAuthClient, and AuthProvider's): buildAuthClient wired with what an
 * app's client carries and a server's does not: graphql-request's ClientError for a failed answer,
 * and in development the options' full messages and unknown-option warnings. The server entries wire
 * their own (src/server/upstream-client.ts); this module is not on their import path.
 */
import { AuthConfigError } from '../errors/index.js';
import { clientError } from '../wire/client-error.js';
import { createTransport, type Send } from '../wire/transport.js';
import { buildAuthClient, identityOf, type Ownership, tryReadConfig } from './auth-client.js';
import { OPTION_DIAGNOSTICS, type OptionDiagnostics } from './option-messages.js';
import type { AuthClientOptions } from './options.js';
import { readOptIns } from './opt-in-options.js';
import { type CoreAuthClient, withLongWorkMethods } from './long-work-methods.js';
import type { AuthClient } from './types.js';

const appTransport = (graphqlUrl: string, fetchImpl: typeof fetch): Send => createTransport(graphqlUrl, fetchImpl, clientError);

/**
 * The diagnostics in development, none in production: the same guard as error-message.ts's, for the
 * same reasons (a bundler replaces `process.env.NODE_ENV` alone, so no `typeof process` beside it; the
 * catch, for a missing `process` or Deno's refused read, means codes only, never a crash).
 */
export function developmentDiagnostics(): OptionDiagnostics | undefined {
  try {
    return process.env.NODE_ENV !== 'production' ? OPTION_DIAGNOSTICS : undefined;
  } catch {
    return undefined;
  }
}

/** The client for these options, owned by its creator or (for a provider) only while retained. */
export function createOwnedAuthClient(given: AuthClientOptions, { selfOwned }: Pick<Ownership, 'selfOwned'>, where?: string): AuthClient {
  const diagnose = developmentDiagnostics();
  if (where !== undefined) diagnose?.warnUnknown(where, given);
  const { options, error } = readOptIns(given);
  const config = error ?? tryReadConfig(options);
  if (config instanceof AuthConfigError || config.mode.kind !== 'graphqlProxy') {
    return buildAuthClient(given, { selfOwned, transport: appTransport, explain: diagnose?.explain }).client;
  }
  return config.mode.client(options, identityOf(options, config));
}

/**
 * A client for one identity: an API key and region, the app's token endpoint, or the app's GraphQL
 * proxy. Its caller owns it: background renewal, tab sync and wake listeners start on first use and
 * run until dispose(). Besides an AuthClient's members it has `watch` and `pages` (long-work-methods.ts).
 */
export function createAuthClient(options: AuthClientOptions): CoreAuthClient {
  return withLongWorkMethods(createOwnedAuthClient(options, { selfOwned: true }, 'createAuthClient'));
}
