// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const testingDir = resolve(root, 'src/testing');
interface Import {
  readonly file: string;
  readonly spec: string;
  readonly typeOnly: boolean;
  readonly dynamic: boolean;
}

/** The string a top-level `const NAME = '…'` gives `name`, or its text when it is no such name. */
function constantOf(source: ts.SourceFile, expression: ts.Expression): string {
  if (!ts.isIdentifier(expression)) return expression.getText(source);
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (
        ts.isIdentifier(declaration.name) &&
        declaration.name.text === expression.text &&
        declaration.initializer !== undefined &&
        ts.isStringLiteralLike(declaration.initializer)
      ) {
        return declaration.initializer.text;
      }
    }
  }
  return expression.text;
}

/**
 * Static imports and re-exports, with whether they are type-only, and dynamic imports of a literal,
 * read by TypeScript's parser: an `import('…')` in a comment (a doc's example) is none.
 */
function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly = ts.isImportDeclaration(node) ? node.importClause?.phaseModifier === ts.SyntaxKind.TypeKeyword : node.isTypeOnly;
      found.push({ file, spec: node.moduleSpecifier.text, typeOnly, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      // A name is resolved where it is a module-level constant of a string (how these files name an optional peer).
      const spec = argument === undefined ? undefined : ts.isStringLiteralLike(argument) ? argument.text : constantOf(source, argument);
      if (spec !== undefined) found.push({ file, spec, typeOnly: false, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, resolve(base, 'index.ts')];
  const found = candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
  if (found === undefined) throw new Error(`Cannot resolve ${spec} from ${relative(root, from)}`);
  return found;
}

/** Every source file an entry reaches through relative imports (type-only ones included). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { spec } of importsOf(file)) if (spec.startsWith('.')) visit(resolveRelative(file, spec));
  };
  visit(resolve(root, entry));
  return seen;
}

describe('the testing entry stays apart', () => {
  it.each(['src/index.ts', 'src/core/index.ts'])('%s never reaches src/testing', (entry) => {
    const files = [...reachable(entry)];
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => file.startsWith(testingDir)).map((file) => relative(root, file))).toEqual([]);
  });

  it('src/testing loads graphql and itself only; msw, ws, graphql-ws and graphql-sse only on demand, node:http only through getBuiltinModule', () => {
    const files = [...reachable('src/testing/index.ts')];
    // Beside itself, one file of the library: the token tag the client's events use, so the mock's log
    // names a token as they do (it imports nothing).
    expect(files.filter((file) => !file.startsWith(testingDir)).map((file) => relative(root, file))).toEqual(['src/core/sources/fingerprint.ts']);
    const runtime = files.flatMap(importsOf).filter((i) => !i.typeOnly && !i.spec.startsWith('.'));
    expect(runtime.map((i) => `${relative(root, i.file)} ${i.dynamic ? 'import()' : 'import'} ${i.spec}`).sort()).toEqual([
      'src/testing/executable-schema.ts import graphql',
      'src/testing/graphql-params.ts import graphql',
      'src/testing/mock-service.ts import graphql',
      'src/testing/msw-handlers.ts import() msw',
      'src/testing/subscription-servers.ts import graphql',
      // On demand: Node's web streams where there is no global one, and the transport peers by the name
      // a subscription server asks for (ws, graphql-ws, graphql-sse's handler).
      'src/testing/subscription-servers.ts import() node:stream/web',
      'src/testing/subscription-servers.ts import() specifier',
    ]);
  });
});
