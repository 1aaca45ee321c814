// The bench's targets and its readable tables.

/** 1 KB = 1000 bytes here. */
export const KB = 1000;
export const TARGETS = {
  signInJsBytes: 200 * KB,
  memberListP95Ms: 50,
};

const kb = (bytes) => (bytes / KB).toFixed(1);
const ms = (value) => (value === null || value === undefined ? '-' : value.toFixed(1));

function table(headers, rows, alignLeft = 1) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column < alignLeft ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

export function frontEndTable(frontEnd) {
  const rows = [
    ['sign-in  /auth/login', frontEnd.signIn],
    ['start    /dashboard/start/overview (signed in)', frontEnd.start],
  ].map(([label, page]) => [
    label,
    kb(page.jsBodyBytes),
    kb(page.jsBytes),
    page.jsRequests,
    kb(page.cssBytes),
    page.cssRequests,
    page.requests,
    page.readyMs,
    `${kb(page.afterSettle.jsBytes)} / ${kb(page.afterSettle.cssBytes)}`,
  ]);
  return table(
    ['page', 'JS KB gzip', 'JS KB +headers', 'JS req', 'CSS KB', 'CSS req', 'all req', 'ready ms', 'settled JS/CSS KB'],
    rows,
  );
}

export function apiTable(api) {
  const rows = api.scenarios.map((scenario) => [
    scenario.label,
    scenario.requestsPerSecond.toFixed(0),
    ms(scenario.latencyMs.p50),
    ms(scenario.latencyMs.p95),
    ms(scenario.latencyMs.p99),
    scenario.requests,
    scenario.non2xx,
  ]);
  return table(['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'requests', 'non-2xx'], rows);
}

/** Every target with its measured value; `pass` is null when the measurement was not taken. */
export function evaluateTargets(report) {
  const targets = [];
  if (report.frontEnd) {
    // The gzip bytes of the files themselves; the HTTP headers around them are shown in the table, not counted.
    const value = report.frontEnd.signIn.jsBodyBytes;
    targets.push({
      name: `sign-in page JS <= ${kb(TARGETS.signInJsBytes)} KB gzip`,
      value: `${kb(value)} KB (${kb(report.frontEnd.signIn.jsBytes)} KB with HTTP headers)`,
      pass: value <= TARGETS.signInJsBytes,
    });
  }
  for (const [database, api] of Object.entries(report.api)) {
    if (!api.scenarios) continue;
    for (const scenario of api.scenarios.filter((entry) => entry.id.startsWith('memberList'))) {
      targets.push({
        name: `${scenario.label} p95 <= ${TARGETS.memberListP95Ms} ms (${database})`,
        value: `${ms(scenario.latencyMs.p95)} ms`,
        pass: scenario.latencyMs.p95 <= TARGETS.memberListP95Ms,
      });
    }
  }
  return targets;
}

export function targetLines(targets) {
  return targets.map((target) => `${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.value}`).join('\n');
}
