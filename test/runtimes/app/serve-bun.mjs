/* global Bun */
// Bun: the app on Bun.serve, port chosen by the system, announced on stdout.
import { createRuntimeApp } from './app.mjs';

const [upstream, apiKey] = Bun.argv.slice(2);
const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: createRuntimeApp({ upstream, apiKey }) });
console.log(`LISTENING ${server.port}`);
