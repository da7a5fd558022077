/* global Deno */
// Deno: the app on Deno.serve, port chosen by the system, announced on stdout.
import { createRuntimeApp } from './app.mjs';

const [upstream, apiKey] = Deno.args;
Deno.serve(
  { hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(`LISTENING ${port}`) },
  createRuntimeApp({ upstream, apiKey }),
);
