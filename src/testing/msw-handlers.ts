import type { HttpHandler, http as mswHttp } from 'msw';

export type MswHandler = HttpHandler;

/** msw's `http` namespace, as `import { http } from 'msw'` gives it. */
export type MswHttp = Pick<typeof mswHttp, 'all'>;

interface Handled {
  readonly regions: Readonly<Record<string, string>>;
  readonly handle: (request: Request) => Promise<Response>;
  readonly cors: boolean;
}

/**
 * msw is an optional peer of the testing entry. A literal `import('msw')` would make every bundler
 * (esbuild, Vite, webpack) fail to build an app that does not install it, so the specifier is a value
 * they leave alone: Node and Vitest resolve it at run time. In a browser bundle, pass `http`.
 */
const MSW = 'msw';

async function importMswHttp(): Promise<MswHttp> {
  try {
    const msw = (await import(/* webpackIgnore: true */ /* @vite-ignore */ MSW)) as { http: MswHttp };
    return msw.http;
  } catch (error) {
    throw new Error("mswHandlers() could not import msw: install it, or pass its http namespace (import { http } from 'msw'; mock.mswHandlers(http))", {
      cause: error,
    });
  }
}

export async function mswHandlersFor(service: Handled, http?: MswHttp): Promise<HttpHandler[]> {
  const { all } = http ?? (await importMswHttp());
  return Object.values(service.regions).map((base) =>
    all(`${base}/*`, async ({ request }) => {
      const response = await service.handle(request);
      // MSW answers inside the page, where no CORS check runs: an answer the browser would hide for
      // lack of CORS headers (corsOnExpired false) becomes the network error the page would see.
      const hidden = service.cors && response.type !== 'error' && !response.headers.has('access-control-allow-origin');
      return hidden ? Response.error() : response;
    }),
  );
}
