#!/usr/bin/env node
/**
 * `npx -p graphql-jwt-auth-react graphql-jwt-auth-mock` (the package's bin, built to plain JavaScript in dist/) and
 * `npm run mock-service` in this repository: the demo pentest service on 127.0.0.1 for apps under
 * development (CORS on). In the repository it runs on Node 22's type stripping, hence the `.ts` specifiers.
 */
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { parseArgs } from 'node:util';
import { pentestDemo } from '../../mock-service/pentest/demo.ts';
import { createMockService, EXPIRE_TOKENS_PATH, type LoggedRequest, type MockService } from '../testing/index.ts';
import { printable } from '../server/printable.ts';

const USAGE = `Usage: graphql-jwt-auth-mock [options]   (in this repository: npm run mock-service -- [options])
  --port N              port of the first region, the next regions on the ports after it
                        (default: $MOCK_SERVICE_PORT, else 4000; 0 = any free ports)
  --host ADDRESS        address to listen on (default: 127.0.0.1, this machine only); 0.0.0.0 lets a
                        phone on your Wi-Fi in (Expo Go), and everyone else on that network
  --region NAME         a region, with its own data and signing key; repeat for more (default: us)
  --key KEY             a valid API key in every region; repeat for more (default: dev-key); the
                        second key's names end in " · key 2", and so on, to tell keys apart
  --token-lifetime SEC  lifetime of issued tokens (default: 3600)
  --token-scope N       add a scope claim of N characters to each token, for tokens of a real size (default: 0)
  --auth-delay MS       latency added to /v1/auth (default: 0)
  --graphql-delay MS    latency added to /v1/graphql (default: 0)
  --expired-status N    HTTP status of the token-expired answer (default: 401)
  --no-cors-on-expired  send the token-expired answer without CORS headers
  --event-interval MS   publish the next event to every open subscription this often (default: 1000;
                        0 = never). Subscriptions need ws, graphql-ws and graphql-sse installed
  --log                 print one line per call: time, region, method, path, status, token tag
  --help

While it runs: press e to expire every token issued so far (your app should recover with one /v1/auth
call), q to quit; or POST ${EXPIRE_TOKENS_PATH} on its port from this machine, with
Content-Type: application/json (which no page of another site can send without a preflight, and the
mock answers none there).`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) fail(`--${name} must be a whole number ≥ 0, got "${value}"`);
  return parsed;
}

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        region: { type: 'string', multiple: true, default: ['us'] },
        key: { type: 'string', multiple: true, default: ['dev-key'] },
        'token-lifetime': { type: 'string' },
        'token-scope': { type: 'string' },
        'auth-delay': { type: 'string' },
        'graphql-delay': { type: 'string' },
        'expired-status': { type: 'string' },
        'event-interval': { type: 'string' },
        'no-cors-on-expired': { type: 'boolean', default: false },
        log: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error: unknown) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Keys pressed in its terminal: e expires every token, q or Ctrl-C quits. Only when stdin is a
 * terminal; piped or closed stdin is left alone (the process then runs until a signal).
 */
function watchKeys(service: MockService, quit: () => void): void {
  const { stdin } = process;
  if (!stdin.isTTY) return;
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', (key: string) => {
    if (key === 'e' || key === 'E') {
      const count = service.expireTokensNow();
      console.log(`Expired every token issued so far (${count}): the next GraphQL call with one gets the expired answer.`);
    } else if (key === 'q' || key === '\u0003') {
      quit();
    }
  });
}

/**
 * `12:00:01.234 us POST /v1/graphql 200 2k1t9xq0mf PentestsPage`: never a token or a key, only the token's
 * tag (tokenTag: the name the client's events and the devtools give it). What the client chose (method,
 * path, operation name) is printed escaped.
 */
function logLine(entry: LoggedRequest): string {
  const time = new Date(entry.time).toISOString().slice(11, 23);
  const operation = entry.operationName === null ? '' : ` ${printable(entry.operationName)}`;
  return `${time} ${entry.region} ${printable(entry.method)} ${printable(entry.path)} ${entry.status} ${entry.tokenTag}${operation}`;
}

/** An IP address, or localhost: what `--host` takes. */
function host(value: string): string {
  if (value !== 'localhost' && isIP(value) === 0) fail(`--host must be an IP address (127.0.0.1, 0.0.0.0, 192.168.1.23), got "${value}"`);
  return value;
}

/** 127.0.0.0/8, ::1 and localhost: addresses no other machine can reach. */
function isLoopback(address: string): boolean {
  return address === 'localhost' || address === '::1' || /^127\./.test(address);
}

/** This machine's IPv4 addresses on its networks (Wi-Fi, Ethernet): where a phone finds a mock bound to 0.0.0.0. */
function networkAddresses(): { name: string; address: string }[] {
  return Object.entries(networkInterfaces()).flatMap(([name, entries = []]) =>
    entries.filter((entry) => entry.family === 'IPv4' && !entry.internal).map((entry) => ({ name, address: entry.address })),
  );
}

/**
 * Printed on stderr for a --host other machines reach: the keys are demo keys that anyone on the
 * network may now trade for tokens, and the data is the demo's. Where a phone finds it follows.
 */
function exposedWarning(address: string, keys: readonly string[], ports: readonly number[]): string {
  const where =
    address === '0.0.0.0' || address === '::'
      ? networkAddresses().map(({ name, address: ip }) => `  ${name}: ${ports.map((port) => `http://${ip}:${String(port)}`).join('  ')}`)
      : [];
  return [
    `Warning: --host ${address} lets other machines on your network reach this mock, not only this one.`,
    `Its key${keys.length === 1 ? '' : 's'} (${keys.join(', ')}) ${keys.length === 1 ? 'is a demo key' : 'are demo keys'}: anyone who reaches it gets tokens with ${keys.length === 1 ? 'it' : 'them'}. Never pass a real API key with --key;`,
    'use it on a network you trust, and stop it when the phone is done. The e key still works; POST /__mock/ routes answer only this machine.',
    ...(where.length === 0 ? [] : ['A phone on the same network reaches it at:', ...where]),
  ].join('\n');
}

const values = parse();

if (values.help) {
  console.log(USAGE);
} else {
  const port = integer('port', values.port ?? process.env.MOCK_SERVICE_PORT, 4000);
  const address = host(values.host);
  let service;
  try {
    service = createMockService({
      ...pentestDemo(),
      regions: values.region,
      apiKeys: values.key,
      tokenLifetimeSec: integer('token-lifetime', values['token-lifetime'], 3600),
      tokenScopeChars: integer('token-scope', values['token-scope'], 0),
    });
  } catch (error: unknown) {
    fail(error instanceof Error ? error.message : String(error));
  }
  service.authDelayMs = integer('auth-delay', values['auth-delay'], 0);
  service.graphqlDelayMs = integer('graphql-delay', values['graphql-delay'], 0);
  service.expiredStatus = integer('expired-status', values['expired-status'], 401);
  service.corsOnExpired = !values['no-cors-on-expired'];
  const eventIntervalMs = integer('event-interval', values['event-interval'], 1000);
  if (eventIntervalMs > 0) service.emitEvery(eventIntervalMs);
  const { regions, close } = await service.listen({ port, host: address });
  if (!isLoopback(address))
    console.error(
      exposedWarning(
        address,
        values.key,
        Object.values(regions).map((url) => Number(new URL(url).port)),
      ),
    );

  const [firstRegion = 'us'] = Object.keys(regions);
  const regionsProp = `regions={{ ${Object.entries(regions)
    .map(([name, url]) => `${name}: '${url}'`)
    .join(', ')} }}`;
  console.log(`Mock service (the demo pentest platform) on ${address}
${Object.entries(regions)
  .map(([name, url]) => `  ${name}: POST ${url}/v1/auth  body {"key": "${values.key.join('" | "')}"}  ·  POST ${url}/v1/graphql  Authorization: Bearer <token>`)
  .join('\n')}
Subscriptions (pentestStateChanged, actionLogAdded; the connection ends when its token does):
${Object.entries(regions)
  .map(
    ([name, url]) =>
      `  ${name}: graphql-ws ${url.replace(/^http/, 'ws')}/v1/graphql  connection_init {"authorization": "Bearer <token>"}  ·  graphql-sse POST ${url}/v1/graphql/stream`,
  )
  .join('\n')}
Point your app at it (paste into <AuthProvider>):
  apiKey="${values.key[0] ?? ''}" region="${firstRegion}" ${regionsProp}
Knobs: token lifetime ${service.tokenLifetimeSec} s, auth delay ${service.authDelayMs} ms, graphql delay ${service.graphqlDelayMs} ms,
  expired status ${service.expiredStatus}, events every ${eventIntervalMs === 0 ? '— (off)' : `${eventIntervalMs} ms`}, CORS on expired answer ${service.corsOnExpired ? 'yes' : 'no'}, request log ${values.log ? 'on' : 'off (--log)'} (see --help)
Expire every token: press e here, or POST ${Object.values(regions)[0] ?? ''}${EXPIRE_TOKENS_PATH} from this machine (Content-Type: application/json).
Ctrl-C (or q) stops it.`);
  watchKeys(service, () => {
    stop('SIGINT');
  });

  if (values.log) {
    let printed = 0;
    // Answered in order of arrival is enough for a log a person reads; a held call holds the lines after it.
    service.subscribe(() => {
      while (printed < service.requests.length && service.requests[printed]?.status !== 0) {
        const entry = service.requests[printed++];
        if (entry !== undefined) console.log(logLine(entry));
      }
    });
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Close the sockets first, so the port is free the moment the process is gone.
    void close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Stopping on ${signal} failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  // `npm run mock-service` execs node, so npm's forwarded SIGINT/SIGTERM reach this process. Should
  // the parent die without forwarding one (SIGKILL), being re-parented stops the service too.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('SIGHUP');
  }, 500).unref();
}
