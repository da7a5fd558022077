// A Node project with only the packed tarball and graphql installed (no React, no React Query, no
// @types/node): it imports graphql-jwt-auth-react/core, type-checks strictly against the published
// .d.ts (libraries included), and runs against the mock service on 127.0.0.1.
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { npmInstall, root, run, tscDiagnostics } from './throwaway-app.js';
import { pentestNames } from '../support/documents.js';
import { API_KEY, startService } from '../support/fixtures.js';
import type { Outcome } from './node-app/main.js';

const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string };
const { workDir, tarball } = inject('packed');

const NODE_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    // No @types/node: the DOM library types fetch, AbortSignal and Headers, which Node 20+ has built in.
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    // Our .d.ts is a library file too: checking libraries is the point.
    skipLibCheck: false,
    noEmitOnError: true,
    types: [],
  },
  include: ['main.ts'],
};

let appDir = '';

beforeAll(async () => {
  appDir = await mkdtemp(join(workDir, 'node-app-'));
  const pkg = { name: 'node-app', private: true, type: 'module', dependencies: { [name]: `file:${tarball}`, graphql: '16.15.0' } };
  await writeFile(join(appDir, 'package.json'), JSON.stringify(pkg, null, 2));
  await writeFile(join(appDir, 'tsconfig.json'), JSON.stringify(NODE_TSCONFIG, null, 2));
  await copyFile(join(root, 'test/package/node-app/main.ts'), join(appDir, 'main.ts'));
  await npmInstall(appDir);
}, 180_000);

describe('a Node project with only graphql-jwt-auth-react and graphql installed', () => {
  it('installs no React, React DOM or React Query (they are optional peers)', async () => {
    const installed = await readdir(join(appDir, 'node_modules'));
    expect(installed).toContain('graphql');
    expect(existsSync(join(appDir, 'node_modules', name, 'dist/core.js'))).toBe(true);
    for (const absent of ['react', 'react-dom', '@tanstack/react-query']) {
      expect(existsSync(join(appDir, 'node_modules', absent)), absent).toBe(false);
    }
  });

  it('compiles graphql-jwt-auth-react/core with strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess and skipLibCheck: false', async () => {
    expect(await tscDiagnostics(appDir)).toBe('');
    expect(existsSync(join(appDir, 'main.js'))).toBe(true);
  }, 60_000);

  it('gets data from the service through the compiled script: one auth call per client, one send per request', async () => {
    const { service, baseUrl } = await startService();
    const script = `import { run } from './main.js'; console.log(JSON.stringify(await run(${JSON.stringify(baseUrl)}, ${JSON.stringify(API_KEY)})));`;
    // The script must end by itself: a disposed client leaves no timer behind to keep Node alive.
    const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script], { cwd: appDir, timeout: 30_000 });
    const outcome = JSON.parse(stdout) as Outcome;
    expect(outcome).toEqual({
      names: pentestNames('us', 2),
      pentest: { op_id: expect.any(String) as string, name: pentestNames('us', 1)[0] },
      queryKeyRoot: 'graphql',
      wrongKeyError: 'InvalidApiKeyError',
    });
    expect(service.authCalls).toHaveLength(2);
    expect(service.graphqlCalls).toHaveLength(2);
    expect(new Set(service.graphqlCalls.map((call) => call.token))).toEqual(new Set([service.issuedTokens[0]]));
  }, 60_000);
});
