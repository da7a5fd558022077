// workerd: a Workers module; its bindings name the upstream. `waitUntil` from cloudflare:workers keeps
// a promise alive past the answer of whichever request is running, so the handlers can take it once.
import { waitUntil } from 'cloudflare:workers';
import { createRuntimeApp } from './app.mjs';

let app;
export default {
  fetch(request, env) {
    app ??= createRuntimeApp({ upstream: env.UPSTREAM, apiKey: env.API_KEY, waitUntil: env.BACKGROUND === 'on' ? waitUntil : undefined });
    return app(request);
  },
};
