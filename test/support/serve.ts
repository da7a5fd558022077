import { createDemoService, type DemoService, type DemoServiceOptions } from './mock-service.js';

export { serve } from './mock-service.js';

export interface StartedMockService {
  readonly service: DemoService;
  readonly baseUrl: string;
  readonly regions: Readonly<Record<string, string>>;
  readonly close: () => Promise<void>;
}

/** The demo service listening on 127.0.0.1 (free ports unless `port` is given). */
export async function startMockService(options?: DemoServiceOptions, { port = 0 }: { port?: number } = {}): Promise<StartedMockService> {
  const service = createDemoService(options);
  const { baseUrl, regions, close } = await service.listen({ port });
  return { service, baseUrl, regions, close };
}
