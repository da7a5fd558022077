import { createDemoService, type DemoService, type DemoServiceOptions } from '../../test/support/mock-service.js';
import { serve } from '../../test/support/serve.js';

export const BENCH_API_KEY = 'bench-key';

export interface HeldAnswers {
  /** How many answers are being held back now. */
  readonly held: () => number;
  /** Lets the longest-held answer go; false if none is held. */
  readonly releaseOne: () => boolean;
  readonly releaseAll: () => void;
}

export interface BenchService {
  readonly service: DemoService;
  readonly baseUrl: string;
  /**
   * Holds the answers of the next `count` GraphQL requests (decided by the service when they
   * arrive, then kept back) until released: how late answers are staged without a new knob in the
   * shared mock service.
   */
  holdNextGraphqlAnswers(count: number): HeldAnswers;
  readonly close: () => Promise<void>;
}

export async function startBenchService(options: DemoServiceOptions = {}): Promise<BenchService> {
  const service = createDemoService({ apiKeys: [BENCH_API_KEY], ...options });
  let holdsLeft = 0;
  const waiting: Array<() => void> = [];
  const served = await serve(async (request) => {
    const hold = holdsLeft > 0 && new URL(request.url).pathname === '/v1/graphql';
    if (hold) holdsLeft -= 1;
    const response = await service.handle(request);
    if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
    return response;
  });
  const releaseOne = () => {
    const wake = waiting.shift();
    wake?.();
    return wake !== undefined;
  };
  return {
    service,
    baseUrl: served.url,
    holdNextGraphqlAnswers(count) {
      holdsLeft = count;
      return {
        held: () => waiting.length,
        releaseOne,
        releaseAll: () => {
          holdsLeft = 0;
          while (releaseOne()) {
            // every held answer goes
          }
        },
      };
    },
    close: async () => {
      holdsLeft = 0;
      while (releaseOne()) {
        // nothing may stay held when the server closes
      }
      await served.close();
    },
  };
}
