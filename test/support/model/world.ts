import type fc from 'fast-check';
import { type AuthClient, createAuthClient } from '../../../src/index.js';
import { createDemoService, type DemoService } from '../mock-service.js';
import { serve } from '../serve.js';
import { sessionPersistence, tabSync } from '../../../src/index.js';

/** Two identities: an identity change swaps a tab to the other key. */
export const MODEL_KEYS = ['model-key-one', 'model-key-two'] as const;
export const PERSIST_KEY = 'model-session';

/** What the harness saw, in the order it happened: the invariants read this log. */
export type Event =
  | { kind: 'send'; tab: number; endpoint: 'auth' | 'graphql'; token: string | null }
  | { kind: 'refused'; tab: number; token: string }
  | { kind: 'issued'; tab: number; token: string }
  | { kind: 'write'; tab: number; token: string | null }
  | { kind: 'post'; tab: number; message: unknown }
  | { kind: 'signOut'; tab: number }
  | { kind: 'refresh'; tab: number }
  | { kind: 'dispose'; tab: number };

export interface Tab {
  /** Unique across the run: an identity change makes a new tab in the same slot. */
  id: number;
  apiKey: string;
  client: AuthClient;
  disposed: boolean;
  /** Whether the client was used yet: only then does it listen on the tab channel. */
  started: boolean;
}

export interface Operation {
  label: string;
  tab: number;
  promise: Promise<unknown>;
  settled: boolean;
  outcome?: { value: unknown } | { error: unknown };
}

export type StorageFault = 'none' | 'read-fails' | 'write-throws' | 'write-rejects';

/** The server, shared by every run of a test; each run gets a fresh mock service behind it. */
export interface Server {
  baseUrl: string;
  route: (service: DemoService) => void;
  close: () => Promise<void>;
}

export async function startModelServer(): Promise<Server> {
  let current: DemoService | null = null;
  const served = await serve((request) => (current ? current.handle(request) : Promise.resolve(new Response('no service', { status: 503 }))));
  return {
    baseUrl: served.url,
    route: (service) => {
      current = service;
    },
    close: served.close,
  };
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** Which tab is calling into its client now: a channel the client opens belongs to it. */
let callingTab: number | null = null;
const NativeBroadcastChannel = globalThis.BroadcastChannel;

interface TabChannel {
  /** The last barrier the harness posted that this channel has received. */
  lastBarrier: number;
}

const barrierOf = (data: unknown) => (data as { barrier?: unknown } | null)?.barrier;

/** A BroadcastChannel that logs what the tab that opened it posts, and notes the barriers it receives. */
function taggedChannel(log: (event: Event) => void, open: Set<TabChannel>): typeof BroadcastChannel {
  return class TaggedChannel extends NativeBroadcastChannel implements TabChannel {
    readonly #tab = callingTab;
    lastBarrier = 0;
    constructor(name: string) {
      super(name);
      open.add(this);
      // Registered before the tab's own handler: by the time a barrier is noted, what came before it was handled.
      this.addEventListener('message', (event: MessageEvent<unknown>) => {
        const barrier = barrierOf(event.data);
        if (typeof barrier === 'number') this.lastBarrier = barrier;
      });
    }
    override postMessage(message: unknown): void {
      if (this.#tab !== null) log({ kind: 'post', tab: this.#tab, message });
      super.postMessage(message);
    }
    override close(): void {
      open.delete(this);
      super.close();
    }
  };
}

/**
 * One run's world: a fresh mock service on the shared server, a clock both sides read, a storage and
 * a tab channel shared by the tabs, and every answer delivered in an order the scheduler picks.
 */
export class World {
  readonly events: Event[] = [];
  readonly tabs: Tab[] = [];
  readonly slots: Tab[] = [];
  readonly operations: Operation[] = [];
  readonly service: DemoService;
  readonly channelName = `model-${crypto.randomUUID()}`;
  readonly items = new Map<string, string>();
  storageFault: StorageFault = 'none';
  offsetMs = 0;
  readonly now = () => Date.now() + this.offsetMs;
  readonly #scheduler: fc.Scheduler;
  readonly #baseUrl: string;
  readonly #scheduledFetch: (url: string, init: RequestInit) => Promise<Response>;
  readonly #scheduledRead: (value: string | null) => Promise<string | null>;
  #nextSend = 0;
  #sender: BroadcastChannel | null = null;
  #barriers = 0;
  readonly #tabChannels = new Set<TabChannel>();

  constructor(server: Server, scheduler: fc.Scheduler, slots: number) {
    this.service = createDemoService({ apiKeys: [...MODEL_KEYS], now: this.now });
    server.route(this.service);
    this.#baseUrl = server.baseUrl;
    this.#scheduler = scheduler;
    this.#scheduledFetch = scheduler.scheduleFunction(function answer(url: string, init: RequestInit) {
      // Read in full before it is delivered: what the answer says reaches the client at delivery, not
      // some network turns later, so the log's order is the order in which the client learns things.
      const answered = globalThis.fetch(url, init).then(async (response) => {
        const body = NULL_BODY_STATUSES.has(response.status) ? null : await response.arrayBuffer();
        const { status, statusText, headers } = response;
        return new Response(body, { status, statusText, headers });
      });
      // Held by the scheduler, a failed fetch would count as unhandled until it is delivered.
      answered.catch(() => undefined);
      return answered;
    });
    this.#scheduledRead = scheduler.scheduleFunction(function read(value: string | null) {
      return Promise.resolve(value);
    });
    const log = (event: Event) => {
      this.log(event);
    };
    globalThis.BroadcastChannel = taggedChannel(log, this.#tabChannels);
    for (let slot = 0; slot < slots; slot += 1) this.slots.push(this.openTab(MODEL_KEYS[0]));
  }

  log(event: Event): void {
    this.events.push(event);
  }

  /** Calls into a tab's client; a channel it opens meanwhile is logged as that tab's. */
  as<T>(tab: Tab, call: (client: AuthClient) => T): T {
    callingTab = tab.id;
    tab.started = true;
    try {
      return call(tab.client);
    } finally {
      callingTab = null;
    }
  }

  start(label: string, tab: Tab, run: (client: AuthClient) => Promise<unknown>): Operation {
    const operation: Operation = { label, tab: tab.id, promise: Promise.resolve(), settled: false };
    operation.promise = this.as(tab, run)
      .then(
        (value: unknown) => {
          operation.outcome = { value };
        },
        (error: unknown) => {
          operation.outcome = { error };
        },
      )
      .finally(() => {
        operation.settled = true;
      });
    this.operations.push(operation);
    return operation;
  }

  openTab(apiKey: string): Tab {
    const id = this.tabs.length;
    const client = createAuthClient({
      apiKey,
      region: 'model',
      regions: { model: this.#baseUrl },
      now: this.now,
      fetch: this.#fetchFor(id),
      persist: sessionPersistence({ storage: this.#storageFor(id), key: PERSIST_KEY }),
      tabSync: tabSync(this.channelName),
      authTimeoutMs: 5_000,
    });
    const tab: Tab = { id, apiKey, client, disposed: false, started: false };
    this.tabs.push(tab);
    return tab;
  }

  dispose(tab: Tab): void {
    tab.disposed = true;
    this.log({ kind: 'dispose', tab: tab.id });
    tab.client.dispose();
  }

  /**
   * Lets up to `count` answers (or storage reads) reach their clients, in the scheduler's order.
   * While an operation is under way but nothing waits yet (a tab still gives the others a moment to
   * answer, or waits for the lock), it first waits a little for something to deliver.
   */
  async deliver(count: number, patienceMs = 400): Promise<void> {
    const until = Date.now() + patienceMs;
    const busy = () => this.operations.some((operation) => !operation.settled);
    while (this.#scheduler.count() === 0 && busy() && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const waiting = Math.min(count, this.#scheduler.count());
    if (waiting > 0) await this.#scheduler.waitNext(waiting);
    // A turn for the clients to act on what they were just given, before the next command.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  /** Delivers answers until every operation has settled, within a bound: an operation that hangs fails the run. */
  async settleAll(deadlineMs = 5_000): Promise<Operation[]> {
    const deadline = Date.now() + deadlineMs;
    while (this.operations.some((operation) => !operation.settled) && Date.now() < deadline) {
      if (this.#scheduler.count() > 0) await this.#scheduler.waitNext(1);
      else await new Promise((resolve) => setTimeout(resolve, 1));
    }
    // Background work (renewals, reads) may still wait for delivery after the operations settled.
    while (this.#scheduler.count() > 0 && Date.now() < deadline) await this.#scheduler.waitNext(1);
    return this.operations.filter((operation) => !operation.settled);
  }

  /**
   * Posts `message` as another tab of the app would, and waits until every open tab channel has it
   * (a barrier posted after it has arrived everywhere); `delivered` then runs with the started, live
   * tabs of an identity.
   */
  async post(message: unknown, delivered: (receivers: (identity: string) => Tab[]) => void): Promise<void> {
    this.#sender ??= new NativeBroadcastChannel(this.channelName);
    const barrier = (this.#barriers += 1);
    this.#sender.postMessage(message);
    this.#sender.postMessage({ kind: 'model-barrier', barrier });
    const deadline = Date.now() + 1_000;
    while ([...this.#tabChannels].some((channel) => channel.lastBarrier < barrier) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    delivered((identity) => this.slots.filter((tab) => tab.started && !tab.disposed && tab.client.identity.id === identity));
  }

  /**
   * Disposes every tab, then delivers what is still under way (a renewal started in the
   * background) until nothing has been waiting for a few turns: only then may no timer be left.
   */
  async close(deadlineMs = 2_000): Promise<void> {
    for (const tab of this.tabs) if (!tab.disposed) this.dispose(tab);
    this.#sender?.close();
    globalThis.BroadcastChannel = NativeBroadcastChannel;
    const deadline = Date.now() + deadlineMs;
    for (let quiet = 0; quiet < 3 && Date.now() < deadline;) {
      if (this.#scheduler.count() > 0) {
        quiet = 0;
        await this.#scheduler.waitNext(this.#scheduler.count());
      } else {
        quiet += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }

  #fetchFor(tab: number): typeof fetch {
    return (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const endpoint = url.endsWith('/v1/auth') ? 'auth' : 'graphql';
      const headers = new Headers(init?.headers);
      const token = /^Bearer (.+)$/.exec(headers.get('authorization') ?? '')?.[1] ?? null;
      const send = String((this.#nextSend += 1));
      headers.set('x-model-send', send);
      this.log({ kind: 'send', tab, endpoint, token });
      return this.#scheduledFetch(url, { ...init, headers }).then((response) => {
        this.#recordAnswer(tab, endpoint, send, token);
        return response;
      });
    };
  }

  /** Logged just before the client sees the answer: what it learns, it learns from here on. */
  #recordAnswer(tab: number, endpoint: 'auth' | 'graphql', send: string, token: string | null): void {
    if (endpoint === 'auth') {
      const issued = this.service.authCalls.find((call) => call.headers['x-model-send'] === send)?.token;
      if (issued) this.log({ kind: 'issued', tab, token: issued });
      return;
    }
    const call = this.service.graphqlCalls.find((c) => c.headers['x-model-send'] === send);
    if (token !== null && call !== undefined && (call.expired || call.status === 401)) {
      this.log({ kind: 'refused', tab, token });
    }
  }

  #storageFor(tab: number) {
    const write = (value: string | null) => {
      const token = value === null ? null : ((JSON.parse(value) as { state?: { token?: string | null } }).state?.token ?? null);
      this.log({ kind: 'write', tab, token });
      if (this.storageFault === 'write-throws') throw new DOMException('full', 'QuotaExceededError');
      if (this.storageFault === 'write-rejects') return Promise.reject(new DOMException('full', 'QuotaExceededError'));
      if (value === null) this.items.delete(PERSIST_KEY);
      else this.items.set(PERSIST_KEY, value);
      return Promise.resolve();
    };
    return {
      getItem: (name: string) => {
        if (this.storageFault === 'read-fails') return Promise.reject(new Error('storage unavailable'));
        return this.#scheduledRead(this.items.get(name) ?? null);
      },
      setItem: (_name: string, value: string) => write(value),
      removeItem: () => write(null),
    };
  }
}
