import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints each failed test's file, name and first error lines after vitest's own summary, on stdout.
 *
 * Why: `npm test` runs the suites through `run-p --aggregate-output`, and a CI log is often read from its
 * tail. Vitest writes its failure details to stderr, before the summary, so a tail of the log showed a
 * failed count and no name (the failed CI run of 874c1e2 said "1 failed" and nothing else).
 */
export default class FailuresLastReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const testModule of testModules) {
      for (const testCase of testModule.children.allTests('failed')) {
        lines.push(`FAILED ${testModule.relativeModuleId} > ${testCase.fullName}`);
        for (const error of testCase.result().errors ?? []) {
          const message = `${error.name}: ${error.message}`.split('\n').slice(0, 6);
          lines.push(...message.map((line) => `    ${line}`));
        }
      }
      for (const error of testModule.errors()) {
        lines.push(`FAILED ${testModule.relativeModuleId} (the file): ${error.message.split('\n')[0]}`);
      }
    }
    if (lines.length > 0) process.stdout.write(`\nFailed tests, repeated last:\n${lines.join('\n')}\n`);
  }
}
