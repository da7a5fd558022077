// @vitest-environment node
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePorts, retryWhilePortTaken } from './free-ports.ts';

// The helpers the tests start child servers with: a start that loses its port to another socket is
// tried again on other ports, a bounded number of times, and any other failure is not.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** Listens on 127.0.0.1:port (0: one the kernel picks) until the test ends; the port it holds. */
function listenOn(port: number): Promise<number> {
  const server = createServer();
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve((server.address() as { port: number }).port);
    });
  });
}

describe('free ports for child servers', () => {
  it('a start that finds its port taken runs again on another, and succeeds there', async () => {
    const tried: number[] = [];
    const taken = await listenOn(0);
    const port = await retryWhilePortTaken(async () => {
      const asked = tried.length === 0 ? taken : 0;
      tried.push(asked);
      return listenOn(asked);
    });
    expect(tried).toEqual([taken, 0]);
    expect(port).not.toBe(taken);
  });

  it('gives up after the given number of starts, with the last error', async () => {
    let starts = 0;
    const failure = retryWhilePortTaken(() => {
      starts++;
      return Promise.reject(new Error(`listen EADDRINUSE: address already in use (start ${String(starts)})`));
    }, 3);
    await expect(failure).rejects.toThrow('(start 3)');
    expect(starts).toBe(3);
  });

  it('does not run a start again that failed for another reason', async () => {
    let starts = 0;
    const failure = retryWhilePortTaken(() => {
      starts++;
      return Promise.reject(new Error('redis-server: command not found'));
    });
    await expect(failure).rejects.toThrow('command not found');
    expect(starts).toBe(1);
  });

  it('ports asked for together are different ports', async () => {
    expect(new Set(await freePorts(4)).size).toBe(4);
  });
});
