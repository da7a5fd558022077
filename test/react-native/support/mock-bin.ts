// The package's mock bin (graphql-jwt-auth-mock, from the installed tarball) as a child process on
// 127.0.0.1 with its request log on: the tests count calls by its lines, as a developer reads them.
import { type ChildProcess, spawn } from 'node:child_process';

export interface MockBin {
  /** The region's base URL, for `regions={{ us: url }}`. */
  url: string;
  /** Request log lines so far: `12:00:01.234 us POST /v1/auth 200 2k1t9xq0mf`, the token by its tag. */
  lines: string[];
  authCalls: () => number;
  /** The tokens GraphQL calls carried, in order, with the status answered: `us#2` for the second token the log shows issued. */
  graphqlCalls: () => { status: number; tag: string }[];
  stop: () => Promise<void>;
}

export function startMockBin(args: string[] = []): Promise<MockBin> {
  const bin = require.resolve('graphql-jwt-auth-react/package.json').replace(/package\.json$/, 'dist/graphql-jwt-auth-mock.js');
  const child: ChildProcess = spawn(process.execPath, [bin, '--port', '0', '--log', '--key', 'dev-key', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let buffered = '';
  return new Promise((resolve, reject) => {
    let url: string | null = null;
    child.once('exit', (code) => {
      if (url === null) reject(new Error(`the mock bin exited with ${String(code)}`));
    });
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      for (const line of complete) {
        const banner = / us: POST (http:\/\/127\.0\.0\.1:\d+)\/v1\/auth/.exec(line);
        if (url === null && banner?.[1] !== undefined) {
          url = banner[1];
          resolve({
            url,
            lines,
            authCalls: () => lines.filter((entry) => / POST \/v1\/auth 200 /.test(entry)).length,
            graphqlCalls: () => {
              const issued = lines.flatMap((entry) => / POST \/v1\/auth 200 (\S+)/.exec(entry)?.[1] ?? []);
              return lines.flatMap((entry) => {
                const call = / POST \/v1\/graphql (\d+) (\S+)/.exec(entry);
                return call?.[1] !== undefined && call[2] !== undefined ? [{ status: Number(call[1]), tag: `us#${String(issued.indexOf(call[2]) + 1)}` }] : [];
              });
            },
            stop: () =>
              new Promise<void>((done) => {
                child.once('exit', () => done());
                child.kill('SIGTERM');
              }),
          });
        } else if (/^\d\d:\d\d:\d\d\.\d{3} /.test(line)) {
          lines.push(line);
        }
      }
    });
  });
}
