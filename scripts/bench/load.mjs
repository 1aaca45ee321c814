// HTTP load with autocannon; p50/p95/p99 come from every single response time (autocannon reports no p95).
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function runAutocannon(options, onLatency) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onLatency) instance.on('response', (_client, _statusCode, _bytes, responseTime) => onLatency(responseTime));
  });
}

function failures(result) {
  return { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts };
}

function assertClean(name, phase, result) {
  const { non2xx, errors, timeouts } = failures(result);
  if (non2xx > 0 || errors > 0 || timeouts > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}: ${count}`)
      .join(', ');
    throw new Error(
      `${name} (${phase}): ${non2xx} non-2xx answers, ${errors} errors, ${timeouts} timeouts (status codes ${codes})`,
    );
  }
}

/**
 * One scenario: a short warm-up (JIT, connection pools, planner caches), then `durationSeconds` at
 * `connections` concurrent connections, each sending its next request as soon as the last one is answered (for a
 * stated pace instead, see paced.mjs). With `users` (each `{headers, setupRequest, body}`): one connection per user
 * instead. Throws when any answer was not 2xx or a request failed.
 */
export async function runScenario({
  name,
  url,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
  connections,
  durationSeconds,
  users,
}) {
  const common = { url, method, headers, body, connections, pipelining: 1, timeout: 10 };
  // A body per request (e.g. a new username for every create): autocannon's setupRequest on a single request.
  if (setupRequest) common.requests = [{ method, setupRequest }];
  // Several users at once, each on a connection of his own sending one request after the other (his own headers
  // and setupRequest): one autocannon per user, the latencies of all taken together.
  const runs = users
    ? users.map((user) => ({
        ...common,
        connections: 1,
        headers: { ...headers, ...user.headers },
        body: user.body ?? body,
        requests: user.setupRequest ? [{ method, setupRequest: user.setupRequest }] : common.requests,
      }))
    : [common];
  for (const run of runs) assertClean(name, 'warm-up', await runAutocannon({ ...run, amount: run.connections * 10 }));
  const latencies = [];
  const results = await Promise.all(
    runs.map((run) => runAutocannon({ ...run, duration: durationSeconds }, (ms) => latencies.push(ms))),
  );
  for (const each of results) assertClean(name, 'run', each);
  const result = results.reduce((all, each) => ({
    duration: Math.max(all.duration, each.duration),
    non2xx: all.non2xx + each.non2xx,
    errors: all.errors + each.errors,
    timeouts: all.timeouts + each.timeouts,
  }));
  if (users) connections = users.length;
  latencies.sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  return {
    name,
    method,
    path: new URL(url).pathname,
    body: body ? JSON.parse(body) : undefined,
    connections,
    durationSeconds: result.duration,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / result.duration) * 10) / 10,
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p95: round(percentile(latencies, 95)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? null),
      mean: round(latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length)),
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
