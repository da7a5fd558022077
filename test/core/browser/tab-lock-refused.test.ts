import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tabSync } from '../../../src/index.js';
import { clientFor, startService } from '../../support/fixtures.js';

/** A lock manager that refuses every request, as the Locks API does in an opaque origin (a sandboxed iframe). */
function installRefusingWebLocks(): void {
  const navigator = globalThis.navigator as unknown as { locks?: unknown };
  const before = Object.getOwnPropertyDescriptor(navigator, 'locks');
  const request = () => Promise.reject(new DOMException('The request was denied.', 'SecurityError'));
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  onTestFinished(() => {
    if (before) Object.defineProperty(navigator, 'locks', before);
    else delete navigator.locks;
  });
}

describe('a tab whose Web Locks refuse every request', () => {
  it('still authenticates, as a tab without Web Locks does: one /v1/auth call, its token', async () => {
    installRefusingWebLocks();
    const running = await startService();
    const client = clientFor(running, { tabSync: tabSync(`tabs-${randomUUID()}`) });

    const token: unknown = await client.getToken().catch((error: unknown) => error);

    expect(token).toBe(running.service.issuedTokens[0]);
    expect(running.service.authCalls).toHaveLength(1);
    client.dispose();
  });
});
