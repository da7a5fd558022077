import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// dependency-cruiser resolves every import of src (type imports included, through the TypeScript
// compiler) and checks rules over the graph; the rules below are the house's, stated once.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The rooms of src/core, highest first: a room imports only the rooms after it (errors/ from anywhere). */
const CORE_LAYERS = ['client', 'browser', 'session', 'sources', 'wire', 'errors'] as const;

function layerRules(): IForbiddenRuleType[] {
  return CORE_LAYERS.flatMap((room, rank) =>
    CORE_LAYERS.slice(0, rank).map((higher) => ({
      name: `core-${room}-not-up-to-${higher}`,
      severity: 'error' as const,
      from: { path: `^src/core/${room}/` },
      to: { path: `^src/core/${higher}/` },
    })),
  );
}

async function cruiseSrc(forbidden: IForbiddenRuleType[]): Promise<ICruiseResult> {
  const result = await cruise(
    ['src'],
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
      validate: true,
      ruleSet: { forbidden },
    },
    undefined,
    { tsConfig: { fileName: resolve(root, 'tsconfig.json') } },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output;
}

/** "a.ts → b.ts → a.ts" for a circle, "a.ts → b.ts" for any other violation. */
function describeViolations(result: ICruiseResult): string[] {
  return result.summary.violations.map((violation) =>
    violation.cycle !== undefined && violation.cycle.length > 0
      ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name)].join(' → ')}`
      : `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

describe('the import graph of src', () => {
  it('has no import circle anywhere, type imports included', async () => {
    const result = await cruiseSrc([{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }]);
    // The graph is really the library's: every source file, with their imports.
    expect(result.summary.totalCruised).toBeGreaterThan(100);
    expect(result.summary.totalDependenciesCruised).toBeGreaterThan(200);
    expect(describeViolations(result)).toEqual([]);
  });

  it('goes down the rooms of src/core only: client → browser → session → sources → wire → errors', async () => {
    const result = await cruiseSrc(layerRules());
    const coreModules = result.modules.filter((module) => module.source.startsWith('src/core/'));
    // Every core file lives in a room (or is the entry, src/core/index.ts).
    const outsideRooms = coreModules
      .map((module) => module.source)
      .filter((source) => source !== 'src/core/index.ts' && !CORE_LAYERS.some((room) => source.startsWith(`src/core/${room}/`)));
    expect(outsideRooms).toEqual([]);
    expect(coreModules.length).toBeGreaterThan(40);
    expect(describeViolations(result)).toEqual([]);
  });

  it("at run time the server entries reach neither graphql-request nor graphql (Deno runs them with --allow-net alone), and an app's entries no OpenTelemetry", async () => {
    const server = await runtimeModules(['src/server/index.ts', 'src/redis/index.ts', 'src/cloudflare/index.ts']);
    expect(server).toContain('src/server/upstream-client.ts');
    expect(server.filter((source) => /node_modules\/(graphql-request|graphql)\//.test(source))).toEqual([]);
    const app = await runtimeModules(['src/index.ts', 'src/core/index.ts']);
    expect(app).toContain('src/core/client/auth-client.ts');
    expect(app.filter((source) => source.endsWith('/telemetry.ts'))).toEqual([]);
  });
});

/** Every module `entries` load when run: type imports left out, as compiling leaves them. */
async function runtimeModules(entries: string[]): Promise<string[]> {
  const result = await cruise(entries, { baseDir: root, tsPreCompilationDeps: false, doNotFollow: { path: 'node_modules' } }, undefined, {
    tsConfig: { fileName: resolve(root, 'tsconfig.json') },
  });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output.modules.map((module) => module.source);
}
