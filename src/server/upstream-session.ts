import type { ClientParts } from '../core/client/auth-client.js';
import type { AutoRegion } from '../core/sources/region-discovery.js';
import { watchHealth } from './handler-health.js';
import { serverLogger } from './log-lines.js';
import type { HandlerOptionsBase, HandlerStatus } from './options.js';
import { upstreamClient, type UpstreamWiring } from './upstream-client.js';
import type { Labels } from '../core/wire/telemetry.js';

/**
 * The answer to a POST that passed every check, given its parsed JSON body: a Response at once when
 * nothing need be awaited (a warm token answer), so that no promise is made for it.
 */
export type Answer = (body: unknown, request: Request) => Response | Promise<Response>;

/** A session's answer, built from its client and what its telemetry adds (the tenant's label, if any). */
export type AnswerWith = (parts: ClientParts, labels: Labels) => Answer;

/** One key's client for the service, its health, and the handler's answer built on that client. */
export interface UpstreamSession {
  parts: ClientParts;
  status: () => HandlerStatus;
  answer: Answer;
  /** The tenant label the app gave for the request being served: its telemetry carries it from now on. */
  labelled: (label: string | undefined) => void;
}

/** The attribute a tenant's label is recorded under, on every span and metric point of its session. */
export const TENANT_ATTRIBUTE = 'graphql_jwt_auth.tenant';

export type OpenSession = (credentials: { apiKey: string; region: string | AutoRegion }, renewsWhenDue?: () => boolean) => UpstreamSession;

/**
 * Opens a session per key, each with all the state a handler keeps per client (single-flight
 * renewal, backoff, forced-renewal verdicts, the answer's cache): built by `answerWith` from that
 * client alone, so nothing of one key's session can serve another.
 */
export function sessionOpener(options: HandlerOptionsBase, transport: UpstreamWiring['transport'], answerWith: AnswerWith): OpenSession {
  const logger = serverLogger(options);
  const now = options.now ?? Date.now;
  return (credentials, renewsWhenDue) => {
    let label: string | undefined;
    const labels: Labels = () => (label === undefined ? {} : { [TENANT_ATTRIBUTE]: label });
    const parts = upstreamClient(options, credentials, { transport, telemetryLabels: labels, renewsWhenDue });
    return {
      parts,
      status: watchHealth(parts.client.store, { logger, now }),
      answer: answerWith(parts, labels),
      labelled: (given) => {
        label = given;
      },
    };
  };
}
