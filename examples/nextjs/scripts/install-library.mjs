// `npm run install-library`: installs this example with the library as users get it. `npm pack` in
// the repository root (its prepack builds), the tarball unpacked into library/, then `npm ci`.
// package.json names library/graphql-jwt-auth-react as a directory, which .npmrc's install-links
// copies into node_modules like a registry package: a lockfile entry with no integrity hash, so a
// rebuilt library never makes the lockfile stale (a `file:…tgz` dependency would).
// Plain JavaScript, so it runs on the system Node 20 before anything is installed. Another project
// laid out the same way (test/react-native) passes its directory: node install-library.mjs <dir>.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const example = resolve(process.argv[2] ?? resolve(here, '..'));
const root = resolve(here, '../../..');
const target = join(example, 'library/graphql-jwt-auth-react');
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

if (!existsSync(join(root, 'node_modules'))) {
  throw new Error(`Install the repository first (npm ci in ${root}): packing builds the library with its tools.`);
}

const packDir = mkdtempSync(join(tmpdir(), 'gjar-pack-'));
try {
  const stdout = run('npm', ['pack', '--json', '--pack-destination', packDir], root);
  // The prepack build prints first; npm's JSON starts on a line of its own.
  const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[$/m)));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  run('tar', ['-xzf', join(packDir, packed.filename), '-C', target, '--strip-components=1'], example);
  console.log(`Unpacked ${packed.filename} (${packed.entryCount} files) into ${target}`);
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
run('npm', ['ci', '--no-audit', '--no-fund'], example);
console.log('Installed the example with the packed library.');
