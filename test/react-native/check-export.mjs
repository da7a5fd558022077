// `npm run export`: the app bundled as a release build would ship it, offline (EXPO_OFFLINE): `expo
// export --platform android` compiles index.js and everything it imports to Hermes bytecode. Then
// hermesc, from the hermes-compiler package Expo installs, reads the bundle back, and the library's
// own strings must be in it: the client's (config), the /native entry's, the expired answer it reads.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const seconds = (start) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
const LIBRARY_STRINGS = ['renewOnWake takes true, false or a wake watcher', 'parts:', 'The incoming token has expired'];

let start = performance.now();
execFileSync('npx', ['expo', 'export', '--platform', 'android', '--output-dir', 'dist'], {
  cwd: project,
  stdio: 'inherit',
  env: { ...process.env, EXPO_OFFLINE: '1', EXPO_NO_TELEMETRY: '1', CI: '1' },
});
console.log(`expo export --platform android: ${seconds(start)}`);

const bundles = join(project, 'dist/_expo/static/js/android');
const [bundle] = readdirSync(bundles).filter((name) => name.endsWith('.hbc'));
if (bundle === undefined) throw new Error(`no .hbc bundle in ${bundles}`);
// Hermes bytecode opens with its magic number, little-endian.
if (readFileSync(join(bundles, bundle)).readBigUInt64LE(0) !== 0x1f1903c103bc1fc6n) throw new Error(`${bundle} is not Hermes bytecode`);

start = performance.now();
const hermesc = join(dirname(require.resolve('hermes-compiler/package.json')), `hermesc/${process.platform === 'darwin' ? 'osx-bin' : 'linux64-bin'}/hermesc`);
const dump = execFileSync(hermesc, ['-dump-bytecode', join(bundles, bundle)], { encoding: 'utf8', maxBuffer: 1 << 30 });
const missing = LIBRARY_STRINGS.filter((text) => !dump.includes(text));
console.log(`hermesc -dump-bytecode: ${seconds(start)}`);
if (missing.length > 0) throw new Error(`the Hermes bundle lacks the library's strings: ${missing.join(' | ')}`);
console.log(`${bundle}: Hermes bytecode with the library (${LIBRARY_STRINGS.length} of its strings found)`);
