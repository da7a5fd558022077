import type { HttpHandler } from 'msw';

export type MswHandler = HttpHandler;

interface Handled {
  readonly regions: Readonly<Record<string, string>>;
  readonly handle: (request: Request) => Promise<Response>;
  readonly cors: boolean;
}

/**
 * msw is an optional peer of the testing entry: imported here, on first use, so a test that only
 * listens on a port never needs it.
 */
export async function mswHandlersFor(service: Handled): Promise<HttpHandler[]> {
  const { http } = await import('msw');
  return Object.values(service.regions).map((base) =>
    http.all(`${base}/*`, async ({ request }) => {
      const response = await service.handle(request);
      // MSW answers inside the page, where no CORS check runs: an answer the browser would hide for
      // lack of CORS headers (corsOnExpired false) becomes the network error the page would see.
      const hidden = service.cors && response.type !== 'error' && !response.headers.has('access-control-allow-origin');
      return hidden ? Response.error() : response;
    }),
  );
}
