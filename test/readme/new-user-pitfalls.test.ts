// What a new user met pasting the docs into fresh projects (issue 33, items 5 and 6): each check holds
// one fix in place, on every page a user reads.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const PAGES = [
  'README.md',
  'examples/nextjs/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'mutation-report.md')
    .map((name) => `docs/${name}`),
];

const linesOf = (pattern: RegExp) =>
  PAGES.flatMap((page) =>
    read(page)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${page}:${String(index + 1)}: ${line.trim()}`] : [])),
  );

describe('the docs, as a new user pastes them', () => {
  it('run the mock from the package (npx -p graphql-jwt-auth-react …): a bare `npx graphql-jwt-auth-mock` asks the registry for a name nobody published', () => {
    expect(linesOf(/npx (?!-p graphql-jwt-auth-react )(?:--?\S+ )*graphql-jwt-auth-mock/)).toEqual([]);
    expect(read('README.md')).toContain('npx -p graphql-jwt-auth-react graphql-jwt-auth-mock --log');
  });

  it('pass the modes from their factories: a URL string as `graphqlProxy=` or `tokenEndpoint=` throws', () => {
    expect(linesOf(/(?:graphqlProxy|tokenEndpoint)="/)).toEqual([]);
  });

  it('install React with the package on every page that starts a React app', () => {
    const install = (page: string) => /^npm install (graphql-jwt-auth-react [^\n]+)$/m.exec(read(page))?.[1]?.split(' ');
    for (const page of ['README.md', 'docs/getting-started.md']) expect(install(page), page).toEqual(expect.arrayContaining(['react', 'react-dom']));
  });

  it('getting-started says each thing once', () => {
    const sentences = read('docs/getting-started.md')
      .replace(/```[\s\S]*?```/g, '')
      .split(/(?<=[.:!?])\s+/)
      .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
      .filter((sentence) => sentence.length > 30);
    expect(sentences.filter((sentence, index) => sentences.indexOf(sentence) !== index)).toEqual([]);
    expect(read('docs/getting-started.md').match(/prints the props to paste/g)).toHaveLength(1);
  });

  it('testing.md installs jsdom and runs the component test in it', () => {
    const testing = read('docs/testing.md');
    expect(testing).toContain('npm install -D vitest jsdom @testing-library/react');
    expect(read('test/readme/recipe-testing-kit.test.tsx').startsWith('// @vitest-environment jsdom\n')).toBe(true);
  });

  it('the Vite config block says to merge it into the template’s config and keep `plugins: [react()]`', () => {
    const config = read('test/readme/vite-dev-proxy.ts');
    expect(config).toContain('Merge `server.proxy` into the config your template made: keep its `plugins: [react()]`');
    expect(read('docs/modes.md')).toContain('rather than replacing\nit: without `plugins: [react()]`');
  });
});
