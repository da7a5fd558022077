/**
 * browser/: what a page adds to the token's life. The opt-in features an app passes to the client
 * (tab sync, with received-session.ts checking what another tab or the storage hands over;
 * persistence across reloads; the DevTools view) are factories an app imports, so it ships only what
 * it uses; renewal on wake (wake.ts) is on by default and wired by the client's background work. The
 * client plugs them in through their option types. They may import session/, sources/, wire/ and
 * errors/, never client/.
 */
export { authDevtools, DEVTOOLS_NAME, type DevtoolsAuthView, type DevtoolsOption } from './devtools.js';
export { sessionPersistence, type PersistOptions } from './persistence.js';
export { tabSync, type TabSyncOption } from './tab-sync.js';
