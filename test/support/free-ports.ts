import { createServer } from 'node:net';

/**
 * Ports for a child process that takes its port from its arguments or config (the mock service's CLI,
 * redis-server, workerd). A port is free when asked and bound by the child a moment later; on a shared
 * machine another test's socket can take it in between, so starts go through `retryWhilePortTaken`.
 */

async function hold(port: number): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('Expected a TCP address');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const held = await hold(0);
  await held.close();
  return held.port;
}

/** `count` different ports, all free at once. */
export async function freePorts(count: number): Promise<number[]> {
  const held = [];
  try {
    for (let index = 0; index < count; index++) held.push(await hold(0));
    return held.map((h) => h.port);
  } finally {
    await Promise.all(held.map((h) => h.close()));
  }
}

/** The first of `count` ports in a row that were all free at once (the mock service's CLI takes them so). */
export async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const held = [await hold(0)];
    try {
      for (let offset = 1; offset < count; offset++) held.push(await hold(held[0]!.port + offset));
      return held[0]!.port;
    } catch {
      // One of the next ports is taken: ask the kernel for another first port.
    } finally {
      await Promise.all(held.map((h) => h.close()));
    }
  }
  throw new Error(`No ${String(count)} free ports in a row after 20 tries`);
}

const PORT_TAKEN = /EADDRINUSE|address already in use/i;

/** Runs `start` (which picks its own free ports) again, at most `attempts` times, while it fails because a port was taken. */
export async function retryWhilePortTaken<T>(start: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts || !PORT_TAKEN.test(String(error))) throw error;
    }
  }
}
