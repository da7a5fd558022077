// The mock service is the testing entry's (src/testing); the data is the repository's demo (mock-service/).
import { pentestDemo, type PentestDemo } from '../../mock-service/index.ts';
import { createMockService, type MockService, type MockServiceSettings } from '../../src/testing/index.ts';

export * from '../../src/testing/index.ts';
export { serve } from '../../src/testing/listen.ts';
export * from '../../mock-service/index.ts';

export interface DemoServiceOptions extends MockServiceSettings {
  /** Pentests per region (default 67). */
  pentestCount?: number;
}

export interface DemoService extends MockService {
  /** The data behind the service, per region. */
  readonly demo: PentestDemo;
}

/** The demo pentest platform behind the mock service, accepting 'test-key' unless told otherwise. */
export function createDemoService({ pentestCount, ...settings }: DemoServiceOptions = {}): DemoService {
  const demo = pentestDemo(pentestCount === undefined ? {} : { pentestCount });
  return Object.assign(createMockService({ ...demo, apiKeys: ['test-key'], ...settings }), { demo });
}
