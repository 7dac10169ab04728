// A vitest reporter that ends the run with the plain line CI reads: "tests: N passed, N failed".
import type { Reporter, TestModule } from 'vitest/node';

export default class ClosingLine implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = errors.length;
    let skipped = 0;
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (m.state() === 'failed' && ![...m.children.allTests()].length) failed++;
    }
    // the files that took longest (their tests' summed time): where CI's 20 minutes go
    const slowest = [...modules]
      .map((m) => ({ file: m.moduleId.replace(/^.*?\/test\//, 'test/'), s: m.diagnostic().duration / 1000 }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 8);
    process.stdout.write(`\nslowest files: ${slowest.map((f) => `${f.file} ${f.s.toFixed(0)} s`).join(', ')}`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
