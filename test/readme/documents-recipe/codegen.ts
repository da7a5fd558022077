// codegen.ts: `npx graphql-codegen` writes src/gql/ from the documents in src/, with each
// operation's id on its document and persisted-documents.json (id → text) for the server.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  // Your service's schema as a file (the mock service's: examples/typed-documents/schema.graphql).
  schema: 'schema.graphql',
  documents: ['src/**/*.ts', 'src/**/*.tsx', '!src/gql/**'],
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false, persistedDocuments: true },
      config: { useTypeImports: true },
    },
  },
};

export default config;
