/** The runtime app (app.mjs), typed for the Node side of the tests. */
export const SESSION_COOKIE: string;
export function createRuntimeApp(options: { upstream: string; apiKey: string; waitUntil?: (promise: Promise<unknown>) => void }): (request: Request) => Promise<Response>;
