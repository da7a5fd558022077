import type { CodegenConfig } from '@graphql-codegen/cli';

// `npm run codegen` (from the repository root). schema.graphql is the mock service's schema, kept
// equal to it by test/examples/typed-documents.test.tsx, which also checks that this output is current.
const config: CodegenConfig = {
  schema: 'examples/typed-documents/schema.graphql',
  documents: ['examples/typed-documents/src/**/*.tsx'],
  ignoreNoDocuments: false,
  generates: {
    'examples/typed-documents/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true },
    },
  },
};

export default config;
