import type { ExchangeReason } from '../sources/token-source.js';
import type { OperationKind } from '../wire/operation-kind.js';

export type { OperationKind } from '../wire/operation-kind.js';

/**
 * What a client tells `onEvent` listeners: plain, serialisable objects that hold no key, token,
 * header, variables or data, so an app may log them or send them anywhere. `at` is epoch ms by the
 * client's clock (its `now` option).
 */
export type AuthEvent =
  | {
      type: 'exchange-start';
      at: number;
      /** first: no token held; due: the held one fell due; forced: refresh() or a forced renewal; expired: the service refused the held one. */
      reason: ExchangeReason;
    }
  | { type: 'exchange-end'; at: number; ok: true; durationMs: number; tokenTag: string; expiresAt: number }
  | { type: 'exchange-end'; at: number; ok: false; durationMs: number; error: string }
  | {
      type: 'operation';
      at: number;
      /** The operation's name as sent, '' for an anonymous one. */
      operationName: string;
      /**
       * From the document's definitions or text, else the operation its `__meta__` records; 'unknown'
       * for a document of its id alone that records none (the preset's `replaceDocumentWithHash`).
       */
      kind: OperationKind;
      /** The token it was sent with; null where the client holds none (graphqlProxy mode). */
      tokenTag: string | null;
      outcome: OperationOutcome;
      /** The HTTP status of the answer; 0 when none was read. */
      status: number;
      durationMs: number;
      /** A re-send with a new token after an expired (or refused) answer. */
      retry: boolean;
    }
  | { type: 'token-adopted'; at: number; from: 'tab' | 'storage'; tokenTag: string; expiresAt: number }
  | {
      type: 'expiry-unread';
      at: number;
      /** A token whose expiry cannot be read (no usable `exp`): it is taken to live the documented hour. Told once per client. */
      tokenTag: string;
      assumedLifetimeMs: number;
    }
  | { type: 'signed-out'; at: number; where: 'here' | 'elsewhere' }
  | {
      type: 'tenant-changed';
      at: number;
      /** The new tenant's token: a tenant-aware token endpoint answered for another tenant than the token held. */
      tokenTag: string;
    }
  | {
      type: 'subscription-start';
      at: number;
      /** The subscription's operation name, '' for an anonymous one. */
      operationName: string;
      transport: 'ws' | 'sse';
      /** The token its connection presented. */
      tokenTag: string;
    }
  | {
      type: 'subscription-renewed';
      at: number;
      operationName: string;
      transport: 'ws' | 'sse';
      /** The new connection's token (the same as before after a reconnect). */
      tokenTag: string;
      previousTokenTag: string;
      /**
       * expiring: moved before its token's expiry, make-before-break; token-ended: the server closed it
       * for its token (4401/4403, the expired answer) and it was renewed once and subscribed again;
       * reconnected: its connection was lost and made again.
       */
      reason: 'expiring' | 'token-ended' | 'reconnected';
    }
  | {
      type: 'subscription-end';
      at: number;
      operationName: string;
      transport: 'ws' | 'sse';
      /** The token of its last connection; null when none was made. */
      tokenTag: string | null;
      /** unsubscribed: by the app (or its signal); completed: by the server; failed: `onError` was told `error` (its name). */
      reason: 'unsubscribed' | 'completed' | 'failed';
      error?: string;
    };

/**
 * ok: data; graphql-errors: an answer with GraphQL errors; http-error: any other failed answer (a
 * non-2xx status, not a GraphQL result, a refused redirect); expired / refused: the token was; network-error:
 * no readable answer; aborted: the caller's signal.
 */
export type OperationOutcome = 'ok' | 'graphql-errors' | 'http-error' | 'expired' | 'refused' | 'network-error' | 'aborted';

/** An event as it is emitted; the emitter stamps `at`. */
export type AuthEventInput = AuthEvent extends infer E ? (E extends unknown ? Omit<E, 'at'> : never) : never;

/** A token's tag in events: see tokenTag. */
export { tokenTag } from '../sources/fingerprint.js';

export interface AuthEvents {
  /** Whether anyone listens: work done only for an event (timing, names, tags) is skipped otherwise. */
  heard: () => boolean;
  emit: (event: AuthEventInput) => void;
  on: (listener: (event: AuthEvent) => void) => () => void;
}

/**
 * `client.onSignOut`: after a sign-out, and when the token endpoint moved the user to another tenant:
 * either way, what the last user (or tenant) was shown must go.
 */
export const onSignedOut = ({ on }: AuthEvents, listener: () => void) =>
  on((event) => {
    if (event.type === 'signed-out' || event.type === 'tenant-changed') listener();
  });

/** The client's listeners. A listener that throws is the app's bug, kept away from the client's work. */
export function createAuthEvents(now: () => number): AuthEvents {
  const listeners = new Set<(event: AuthEvent) => void>();
  return {
    heard: () => listeners.size > 0,
    // No early return without listeners: the loop is empty then, and emits are per exchange, not per send.
    emit(event) {
      const stamped = { ...event, at: now() };
      for (const listener of listeners) {
        try {
          listener(stamped);
        } catch (error) {
          // Reported where the app sees it (window.onerror, Node's uncaughtException), after the client's own
          // work has gone on. A timer, not queueMicrotask: the same report, and the name is already in the bundle.
          setTimeout(() => {
            throw error;
          });
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
