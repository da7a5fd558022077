import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { type BundleRow, buildApp } from './bundle.js';
import { stubbedModules } from './stubbed-modules.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The events' two modules as they would be without events: `onSignOut` (older than events) still works. */
const WITHOUT_EVENTS: Record<string, string> = {
  'src/core/session/auth-events.ts': `export { fingerprint as tokenTag } from '../sources/fingerprint.js';
export const onSignedOut = ({ on }, listener) => on(listener);
export function createAuthEvents() {
  const listeners = new Set();
  return {
    heard: () => false,
    emit() { for (const listener of listeners) listener(); },
    on(listener) { listeners.add(listener); return () => { listeners.delete(listener); }; },
  };
}`,
  'src/core/client/operation-events.ts': 'export const reportedSend = (events, now, attempt, send) => send(undefined);',
};

/** Every `events.emit({ type: … })` but the sign-out's, with the condition that only guards it. */
const EMIT = /(?:if \([^()]*\) )?(?:options\.)?events\.emit\(\{ type: '(?!signed-out)[^{}]*\}\);/g;

/**
 * The library's sources with event emission compiled out: the two events modules stubbed, each emit
 * call removed. A build with it, less one without, is what the events cost the app now.
 */
export const eventsCompiledOut = (): Plugin => ({
  ...stubbedModules(WITHOUT_EVENTS),
  name: 'events-compiled-out',
  transform(code, id) {
    if (!id.startsWith(`${root}src/`) || Object.keys(WITHOUT_EVENTS).some((path) => id.endsWith(path))) return null;
    const stripped = code.replace(EMIT, '');
    // An emit this pattern no longer matches would be counted as the app's own code: fail loudly instead.
    if (/events\.emit\(\{ type: '(?!signed-out)/.test(stripped)) throw new Error(`events-cost: an emit in ${id} was not compiled out`);
    return stripped;
  },
});

/** The events' row: the minimal app from the current sources, with events, less the same without. */
export async function eventsCost(): Promise<BundleRow[]> {
  const sources = `${root}src/index.ts`;
  const [without, withEvents] = [await buildApp('ours.tsx', sources, [eventsCompiledOut()]), await buildApp('ours.tsx', sources)];
  return [
    {
      what: 'events: what client events cost the minimal app (bench/apps/ours.tsx from the sources, less the same with emission compiled out)',
      minBytes: withEvents.minBytes - without.minBytes,
      gzipBytes: withEvents.gzipBytes - without.gzipBytes,
    },
  ];
}
