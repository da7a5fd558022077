import type { ClientParts } from '../core/client/auth-client.js';
import type { AutoRegion } from '../core/sources/region-discovery.js';
import { watchHealth } from './handler-health.js';
import { serverLogger } from './log-lines.js';
import type { HandlerOptionsBase, HandlerStatus } from './options.js';
import { recoveryBackoff, upstreamClient, type UpstreamWiring } from './upstream-client.js';
import { failureMemory } from './remembered-failures.js';
import { outageWaitMs } from '../core/session/auth-backoff.js';
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
 * The setting an operator checks when the service refuses a session's key: the handler's `apiKey`
 * (the docs' recipes read it from API_KEY), or what the resolver gave for the tenant the app's
 * `tenantLabel` names. Never the key; the label is the app's own, quoted and cut.
 */
function whoseKey(options: HandlerOptionsBase & { credentials?: unknown }, label: string | undefined): string {
  if (options.credentials === undefined) return "the apiKey this handler was given (the docs' recipes read it from API_KEY)";
  if (label === undefined) return 'the key credentials() gave for a tenant (give tenantLabel to have it named here)';
  return `the key credentials() gave for tenant ${JSON.stringify(label.slice(0, 100))}`;
}

/**
 * Opens a session per key, each with all the state a handler keeps per client (single-flight
 * renewal, backoff, forced-renewal verdicts, the answer's cache): built by `answerWith` from that
 * client alone, so nothing of one key's session can serve another. The failures each key met are
 * the handler's (remembered-failures.ts): they outlive a session the pool drops.
 */
export function sessionOpener(options: HandlerOptionsBase, transport: UpstreamWiring['transport'], answerWith: AnswerWith): OpenSession {
  const logger = serverLogger(options);
  const now = options.now ?? Date.now;
  // Kept past the sessions: a pool that drops a failing tenant's session must not forget its backoff.
  const failures = failureMemory({ now, refusalWaits: recoveryBackoff(options.recovery), outageWaitMs });
  return (credentials, renewsWhenDue) => {
    let label: string | undefined;
    const labels: Labels = () => (label === undefined ? {} : { [TENANT_ATTRIBUTE]: label });
    const parts = upstreamClient(options, credentials, { transport, telemetryLabels: labels, renewsWhenDue, failures });
    return {
      parts,
      status: watchHealth(parts.client.store, { logger, now, whoseKey: () => whoseKey(options, label) }),
      answer: answerWith(parts, labels),
      labelled: (given) => {
        label = given;
      },
    };
  };
}
