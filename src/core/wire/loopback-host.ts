/** Hosts that are this machine: plain http to one crosses no network, so it is as safe there as https. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** True for a URL's `hostname` that names this machine (`localhost`, 127.x.x.x, `[::1]`). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}
