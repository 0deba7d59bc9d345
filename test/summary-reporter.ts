import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends the run with one plain line, "Tests: N passed, N failed, N skipped", per project and in
 * total, so any log reader (CI included) can tell what ran without knowing vitest's output.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const byProject = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      const counts = byProject.get(module.project.name) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) counts.failed++;
      byProject.set(module.project.name, counts);
    }
    const total = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    console.log("");
    for (const [project, counts] of byProject) {
      console.log(`  ${project}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  }
}
