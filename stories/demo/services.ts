import { type HttpHandler, http } from 'msw';
import { pentestDemo, type PentestDemo } from '../../mock-service/index.ts';
import type { Regions } from '../../src/index.js';
import { createMockService, type MockService } from '../../src/testing/index.ts';

/** The key the demo service accepts; any other is answered 401. */
export const DEMO_API_KEY = 'demo-key';

/** Per-story settings, from `parameters.demo`. */
export interface DemoConfig {
  /** Region names, each served by its own mock service with its own data. Default ['us']. */
  regions?: string[];
  tokenLifetimeSec?: number;
  /** React Query's delay between query retries; short so the retries can be watched quickly. */
  retryDelayMs?: number;
  /** The keys each region accepts; a region not listed accepts DEMO_API_KEY. */
  keysByRegion?: Record<string, string[]>;
  /**
   * The expired answer carries no CORS headers, and the browser hides it as a network error. MSW
   * answers from inside the page, where no CORS check runs, so the demo applies the browser's rule.
   */
  corsLessExpiry?: boolean;
}

/** A base address no real host answers: only MSW does, in the browser and in the tests alike. */
export const baseUrlFor = (region: string) => `https://${region}.api.demo.test`;

/**
 * The mock services behind one story: fresh per story render, so counts in the request log and in
 * play functions start at zero.
 */
export class DemoServices {
  readonly byRegion: ReadonlyMap<string, MockService>;
  /** The data behind each region's service, for a story that plays the service's part (a pentest finishing). */
  readonly dataByRegion: ReadonlyMap<string, PentestDemo>;
  readonly regions: Regions;
  readonly retryDelayMs: number;

  constructor({ regions = ['us'], tokenLifetimeSec = 3600, retryDelayMs = 400, keysByRegion = {}, corsLessExpiry = false }: DemoConfig = {}) {
    this.dataByRegion = new Map(regions.map((region) => [region, pentestDemo()]));
    this.byRegion = new Map(
      regions.map((region) => {
        const apiKeys = keysByRegion[region] ?? [DEMO_API_KEY];
        const data = this.dataByRegion.get(region) ?? pentestDemo();
        const service = createMockService({
          ...data,
          regions: { [region]: baseUrlFor(region) },
          apiKeys,
          tokenLifetimeSec,
          // The event streams' server, named here so that the browser bundle has it (the mock cannot import it by name in a page).
          loadSseHandler: () => import('graphql-sse/lib/use/fetch'),
        });
        service.corsOnExpired = !corsLessExpiry;
        return [region, service];
      }),
    );
    this.regions = Object.fromEntries(regions.map((region) => [region, baseUrlFor(region)]));
    this.retryDelayMs = retryDelayMs;
  }

  /** The service for a region; throws for a region the story did not configure. */
  service(region = 'us'): MockService {
    const service = this.byRegion.get(region);
    if (service === undefined) throw new Error(`This story has no mock service for region "${region}"`);
    return service;
  }

  get services(): MockService[] {
    return [...this.byRegion.values()];
  }

  /** The testing entry's MSW handlers, one per region's service. */
  async handlers(): Promise<HttpHandler[]> {
    return (await Promise.all(this.services.map((service) => service.mswHandlers(http)))).flat();
  }

  subscribe(listener: () => void): () => void {
    const unsubscribes = this.services.map((service) => service.subscribe(listener));
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }
}

/** The story's services, put into `context.loaded.demo` by the preview's loader. */
export function demoOf(context: { loaded: Record<string, unknown> }): DemoServices {
  const demo = context.loaded.demo;
  if (!(demo instanceof DemoServices)) throw new Error('No demo services: is .storybook/demo-annotations.ts applied?');
  return demo;
}
