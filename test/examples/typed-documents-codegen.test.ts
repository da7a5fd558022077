// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { generate } from '@graphql-codegen/cli';
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
    expect(outputs.map((output) => output.filename).sort()).toEqual(
      ['gql.ts', 'graphql.ts', 'index.ts'].map((file) => `examples/typed-documents/src/gql/${file}`),
    );
    for (const { filename, content } of outputs) {
      expect(content, filename).toBe(readFileSync(resolve(filename), 'utf8'));
    }
  }, 60_000);
});
