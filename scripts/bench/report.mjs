// The bench's targets and its readable tables.

/** 1 KB = 1000 bytes here. */
export const KB = 1000;
export const TARGETS = {
  // What a phone on a poor connection downloads before the page is usable (gzip; issue 29's goals).
  signInJsBytes: 150 * KB,
  startJsBytes: 190 * KB,
  memberListP95Ms: 50,
  /** Federated / non-federated JS bytes of the same page: what Module Federation costs. */
  federationRatio: 1.05,
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

/** "member-search-index 100 % of 1,200, member-list-rows 3 % of 30,000" (lookups of the run, GET /metrics). */
export function cacheHitsText(cacheHits) {
  return Object.entries(cacheHits)
    .map(
      ([cache, { hits, lookups }]) =>
        `${cache} ${lookups ? Math.round((100 * hits) / lookups) : 0} % of ${lookups.toLocaleString('en-GB')}`,
    )
    .join(', ');
}

/** Each scenario with its goal beside it; `startup` (ms to the first answer) joins as a row of its own. */
export function scaleTable(scale, startup) {
  const rows = (scale?.scenarios ?? []).map((scenario) => [
    scenario.label,
    scenario.requestsPerSecond.toFixed(0),
    ms(scenario.latencyMs.p50),
    ms(scenario.latencyMs.p95),
    `<= ${scenario.targetP95Ms}`,
    scenario.latencyMs.p95 <= scenario.targetP95Ms ? 'PASS' : 'FAIL',
  ]);
  if (startup) {
    rows.push([
      `server start to first 200 on /api/csrf, empty data folder (${startup.command})`,
      '-',
      '-',
      `${startup.ms} (total)`,
      `<= ${startup.targetMs}`,
      startup.ms <= startup.targetMs ? 'PASS' : 'FAIL',
    ]);
  }
  return table(['scenario', 'req/s', 'p50 ms', 'p95 ms', 'goal ms', ''], rows);
}

/** Operations timed one by one (e.g. a bulk call): each run, and the slowest. */
export function timedTable(timed) {
  const rows = timed.map((entry) => [
    entry.label,
    entry.runsMs.join(', '),
    Math.max(...entry.runsMs),
    entry.targetMs ?? '-',
  ]);
  return table(['operation', 'runs ms', 'max ms', 'target ms'], rows);
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
    const start = report.frontEnd.start.jsBodyBytes;
    targets.push({
      name: `start page JS <= ${kb(TARGETS.startJsBytes)} KB gzip`,
      value: `${kb(start)} KB (${kb(report.frontEnd.start.jsBytes)} KB with HTTP headers)`,
      pass: start <= TARGETS.startJsBytes,
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
  for (const scenario of report.scale?.scenarios ?? []) {
    targets.push({
      name: `scale: ${scenario.label} p95 <= ${scenario.targetP95Ms} ms (PostgreSQL, 1,000,000 members)`,
      value: `${ms(scenario.latencyMs.p95)} ms${scenario.cacheHits ? `; cache hits ${cacheHitsText(scenario.cacheHits)}` : ''}`,
      pass: scenario.latencyMs.p95 <= scenario.targetP95Ms,
    });
  }
  if (report.startup) {
    targets.push({
      name: `server start to first answer <= ${report.startup.targetMs} ms (${report.startup.command})`,
      value: `${report.startup.ms} ms`,
      pass: report.startup.ms <= report.startup.targetMs,
    });
  }
  for (const [database, company] of Object.entries(report.company ?? {})) {
    for (const scenario of company.scenarios.filter((entry) => entry.targetP95Ms)) {
      targets.push({
        name: `${scenario.label} p95 <= ${scenario.targetP95Ms} ms (${database})`,
        value: `${ms(scenario.latencyMs.p95)} ms`,
        pass: scenario.latencyMs.p95 <= scenario.targetP95Ms,
      });
    }
    for (const entry of company.timed.filter((item) => item.targetMs)) {
      const slowest = Math.max(...entry.runsMs);
      targets.push({
        name: `${entry.label} <= ${entry.targetMs} ms (${database})`,
        value: `${slowest} ms (slowest of ${entry.runsMs.length})`,
        pass: slowest <= entry.targetMs,
      });
    }
  }
  return targets;
}

/** Federated / non-federated gzip JS bytes per page, when both were measured. */
export function federationTargets(report) {
  if (!report.frontEnd || !report.frontEndWithoutFederation) return [];
  return [
    ['sign-in', 'signIn'],
    ['start', 'start'],
  ].map(([label, key]) => {
    const federated = report.frontEnd[key].jsBodyBytes;
    const plain = report.frontEndWithoutFederation[key].jsBodyBytes;
    const ratio = federated / plain;
    return {
      name: `${label} page JS federated/non-federated <= ${TARGETS.federationRatio}`,
      value: `${ratio.toFixed(2)} (${kb(federated)} / ${kb(plain)} KB)`,
      pass: ratio <= TARGETS.federationRatio,
    };
  });
}

export function targetLines(targets) {
  return targets.map((target) => `${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.value}`).join('\n');
}
