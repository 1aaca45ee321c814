// Reads Playwright's JSON report for the `npm test` summary. A test that failed and passed on its retry is "flaky":
// the retry stays (it names the flaky test), but the run fails on it, so that a flaky test is fixed, not hidden.

/** Every test of the report whose outcome is `status`, named as "file:line › describe › title". */
export function testsWithStatus(report, status) {
  const names = [];
  const walk = (suite, titles) => {
    const path = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === status) names.push([`${spec.file}:${spec.line}`, ...path, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return names;
}

/** Counts for the summary; flaky tests count as failed and are listed by name. */
export function playwrightSummary(report) {
  const stats = report.stats ?? {};
  const flaky = testsWithStatus(report, 'flaky');
  return {
    passed: stats.expected ?? 0,
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? flaky.length),
    skipped: stats.skipped ?? 0,
    flaky,
  };
}
