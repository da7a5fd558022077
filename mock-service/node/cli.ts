/**
 * `npm run mock-service`: the mock service on 127.0.0.1 for apps under development (CORS on).
 * Runs directly on Node 22's type stripping, hence the `.ts` import specifiers in mock-service/.
 */
import { parseArgs } from 'node:util';
import { startMockService } from './serve.ts';

const USAGE = `Usage: npm run mock-service -- [options]
  --port N              port on 127.0.0.1 (default: $MOCK_SERVICE_PORT, else 4000; 0 = any free port)
  --region NAME         region name in the data and the token issuer (default: us)
  --key KEY             a valid API key; repeat for more (default: dev-key)
  --token-lifetime SEC  lifetime of issued tokens (default: 3600)
  --auth-delay MS       latency added to /v1/auth (default: 0)
  --graphql-delay MS    latency added to /v1/graphql (default: 0)
  --expired-status N    HTTP status of the token-expired answer (default: 401)
  --no-cors-on-expired  send the token-expired answer without CORS headers
  --help`;

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
        region: { type: 'string', default: 'us' },
        key: { type: 'string', multiple: true, default: ['dev-key'] },
        'token-lifetime': { type: 'string' },
        'auth-delay': { type: 'string' },
        'graphql-delay': { type: 'string' },
        'expired-status': { type: 'string' },
        'no-cors-on-expired': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error: unknown) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

const values = parse();

if (values.help) {
  console.log(USAGE);
} else {
  const port = integer('port', values.port ?? process.env.MOCK_SERVICE_PORT, 4000);
  const { service, baseUrl, close } = await startMockService(
    {
      region: values.region,
      validKeys: values.key,
      tokenLifetimeSec: integer('token-lifetime', values['token-lifetime'], 3600),
    },
    { port },
  );
  service.authDelayMs = integer('auth-delay', values['auth-delay'], 0);
  service.graphqlDelayMs = integer('graphql-delay', values['graphql-delay'], 0);
  service.expiredStatus = integer('expired-status', values['expired-status'], 401);
  service.corsOnExpired = !values['no-cors-on-expired'];

  console.log(`Mock service (region "${service.region}") on ${baseUrl}
  POST ${baseUrl}/v1/auth      body {"key": "${[...service.validKeys].join('" | "')}"}
  POST ${baseUrl}/v1/graphql   header Authorization: Bearer <token>
Knobs: token lifetime ${service.tokenLifetimeSec} s, auth delay ${service.authDelayMs} ms, graphql delay ${service.graphqlDelayMs} ms,
  expired status ${service.expiredStatus}, CORS on expired answer ${service.corsOnExpired ? 'yes' : 'no'} (see --help)
Ctrl-C stops it.`);

  const stop = () => {
    void close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
