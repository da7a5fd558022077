// docs/react-native.md's install lines install what test/react-native (npm run test:react-native) runs
// on: a user who copies them gets the packages the example test and the quick start passed with.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const doc = read('docs/react-native.md');
const app = JSON.parse(read('test/react-native/package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

/** What an app installs only to subscribe (the quick start does not): its own install line. */
const SUBSCRIBING = ['graphql-ws'];

/** The packages of the `npx expo install` line that starts with `start`, as `name` → the version given, or null. */
function expoInstall(start: string): Map<string, string | null> {
  const line = new RegExp(`^npx expo install ${start}.*$`, 'm').exec(doc)?.[0];
  if (line === undefined) throw new Error(`docs/react-native.md has no "npx expo install ${start}…" line`);
  const names = line
    .split(/\s+/)
    .slice(3)
    .filter((word) => !word.startsWith('--'));
  return new Map(names.map((word) => /^(@?[^@]+)(?:@(.+))?$/.exec(word)).map((match) => [match?.[1] ?? '', match?.[2] ?? null]));
}

describe('docs/react-native.md', () => {
  it("the quick start's install line names the app's dependencies, but those create-expo-app brings and AsyncStorage (the alternative)", () => {
    const named = [...expoInstall('graphql-jwt-auth-react').keys()].sort();
    const brought = ['expo', 'react', 'react-native', '@react-native-async-storage/async-storage'];
    expect(named).toEqual(
      Object.keys(app.dependencies)
        .filter((name) => !brought.includes(name) && !SUBSCRIBING.includes(name))
        .sort(),
    );
  });

  it('the subscriptions section installs graphql-ws for the app and ws, at its version, for its jest tests', () => {
    expect([...expoInstall('graphql-ws').keys()]).toEqual(SUBSCRIBING);
    expect(SUBSCRIBING.every((name) => name in app.dependencies)).toBe(true);
    expect(Object.fromEntries(expoInstall('--dev ws'))).toEqual({ ws: app.devDependencies.ws });
  });

  it("the jest install line is a dev install of the app's dev dependencies, at their versions but jest-expo's (Expo picks its own)", () => {
    expect(doc).toMatch(/^npx expo install --dev jest-expo /m);
    const named = expoInstall('--dev jest-expo');
    expect(Object.fromEntries(named)).toEqual(
      Object.fromEntries(
        Object.entries(app.devDependencies)
          .filter(([name]) => name !== 'ws')
          .map(([name, version]) => [name, name === 'jest-expo' ? null : version]),
      ),
    );
  });

  it('names the Expo SDK, React Native and React versions the app runs on', () => {
    expect(doc).toContain(`\`expo@${app.dependencies.expo ?? ''}\``);
    expect(doc).toContain(`React Native ${app.dependencies['react-native'] ?? ''}`);
    expect(doc).toContain(`React ${app.dependencies.react ?? ''}`);
    expect(doc).toContain(`Expo SDK ${(app.dependencies.expo ?? '').split('.')[0] ?? ''}`);
  });
});
