/** An event as a subscription receives it: the payload published, numbered within its topic from 1. */
export type MockEvent = Readonly<Record<string, unknown>> & { readonly seq: number };

interface Listener {
  readonly push: (event: MockEvent) => void;
}

/**
 * The mock's publish–subscribe: each region's topics apart, a sequence number per topic, so a test
 * checks for gaps across a subscription's move to a new connection (both connections read one count).
 * A listener is registered when its Subscription resolver runs, before the server answers the subscribe.
 */
export class EventTopics {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #sequences = new Map<string, number>();

  #key(region: string, topic: string): string {
    return `${region}\n${topic}`;
  }

  /** Delivers to every subscription open on the topic; returns the event's sequence number. */
  publish(region: string, topic: string, payload: Readonly<Record<string, unknown>>): number {
    const key = this.#key(region, topic);
    const seq = (this.#sequences.get(key) ?? 0) + 1;
    this.#sequences.set(key, seq);
    const event = { ...payload, seq };
    for (const listener of this.#listeners.get(key) ?? []) listener.push(event);
    return seq;
  }

  /** Topics with at least one subscription open, as [region, topic]. */
  open(): Array<[string, string]> {
    return [...this.#listeners.entries()].filter(([, listeners]) => listeners.size > 0).map(([key]) => key.split('\n') as [string, string]);
  }

  /** The events published on the topic from now on, until the iterator is returned (the subscription ends). */
  events(region: string, topic: string): AsyncIterableIterator<MockEvent> {
    const key = this.#key(region, topic);
    const queued: MockEvent[] = [];
    let wake: (() => void) | null = null;
    let done = false;
    const listener: Listener = {
      push(event) {
        queued.push(event);
        wake?.();
      },
    };
    let listeners = this.#listeners.get(key);
    if (listeners === undefined) this.#listeners.set(key, (listeners = new Set()));
    listeners.add(listener);
    const stop = () => {
      done = true;
      listeners.delete(listener);
      wake?.();
    };
    const iterator: AsyncIterableIterator<MockEvent> = {
      async next() {
        while (queued.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        const event = queued.shift();
        return event === undefined ? { done: true, value: undefined } : { done: false, value: event };
      },
      return() {
        stop();
        return Promise.resolve({ done: true, value: undefined });
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}
