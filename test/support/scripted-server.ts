import { afterEach } from 'vitest';
import { serve } from './serve.js';

/** One canned answer (`contentType: null`: no content-type header at all), or a connection dropped without one. */
export type Scripted = { status: number; body: string; contentType?: string | null } | 'reset';

export interface ScriptedCall {
  readonly path: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface ScriptedServer {
  readonly baseUrl: string;
  /** Answers for the next /v1/auth calls, in order; when empty, `fallback.auth()` answers. */
  readonly auth: Scripted[];
  /** Answers for the next GraphQL calls, in order; when empty, `fallback.graphql()` answers. */
  readonly graphql: Scripted[];
  readonly calls: ScriptedCall[];
}

// The Response constructor refuses a body for these.
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function toResponse(answer: Scripted): Response {
  if (answer === 'reset') return Response.error();
  const body = NULL_BODY_STATUSES.has(answer.status) ? null : answer.body;
  // As bytes, a body gets no content type of its own (a string would be text/plain).
  if (answer.contentType === null) return new Response(body === null ? null : new TextEncoder().encode(body), { status: answer.status });
  return new Response(body, {
    status: answer.status,
    headers: { 'content-type': answer.contentType ?? 'application/json' },
  });
}

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * A tiny fetch-standard server on 127.0.0.1 answering whatever a test scripts, for fuzzing the client
 * with answers the mock service would never give. Closed after the test.
 */
export async function startScriptedServer(fallback: { auth: () => Scripted; graphql: () => Scripted }): Promise<ScriptedServer> {
  const auth: Scripted[] = [];
  const graphql: Scripted[] = [];
  const calls: ScriptedCall[] = [];
  const { url, close } = await serve(async (request) => {
    const path = new URL(request.url).pathname;
    calls.push({ path, method: request.method, headers: Object.fromEntries(request.headers), body: await request.text() });
    const isAuth = path === '/v1/auth';
    return toResponse((isAuth ? auth.shift() : graphql.shift()) ?? (isAuth ? fallback.auth() : fallback.graphql()));
  });
  closers.push(close);
  return { baseUrl: url, auth, graphql, calls };
}
