// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { generateOutput } from '@gql.tada/cli-utils';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import config from '../../examples/typed-documents/codegen.js';
import { pentestSchema } from '../support/mock-service.js';

describe('examples/typed-documents', () => {
  // `npm run codegen` rewrites both when the mock service's schema or an operation changes.
  it('schema.graphql is the schema the mock service runs', async () => {
    await expect(`${printSchema(pentestSchema)}\n`).toMatchFileSnapshot('../../examples/typed-documents/schema.graphql');
  });

  it('the committed codegen output is what GraphQL Code Generator makes of it now', async () => {
    const outputs = (await generate(config, false)) as Array<{ filename: string; content: string }>;
    const files = ['gql.ts', 'graphql.ts', 'index.ts'];
    // Both document modes, each without and with `persistedDocuments` (which adds the list of operations).
    expect(outputs.map((output) => output.filename).sort()).toEqual(
      [
        ...files.map((file) => `src/gql/${file}`),
        ...[...files, 'persisted-documents.json'].map((file) => `src/persisted-string/gql/${file}`),
        ...[...files, 'persisted-documents.json'].map((file) => `src/persisted/gql/${file}`),
        ...files.map((file) => `src/string/gql/${file}`),
      ].map((file) => `examples/typed-documents/${file}`),
    );
    for (const { filename, content } of outputs) {
      expect(content, filename).toBe(readFileSync(resolve(filename), 'utf8'));
    }
  }, 60_000);

  it("the committed gql.tada introspection is what gql.tada's CLI makes of the schema now", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'gql-tada-'));
    try {
      const output = join(directory, 'graphql-env.d.ts');
      await generateOutput({ tsconfig: 'examples/typed-documents/tsconfig.tada.json', output, silent: true });
      expect(readFileSync(output, 'utf8')).toBe(readFileSync('examples/typed-documents/src/tada/graphql-env.d.ts', 'utf8'));
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
