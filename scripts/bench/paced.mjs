// Load at a stated pace: requests arrive at random moments (a Poisson process) at a given rate, whether earlier ones
// have been answered or not, the way many people who do not wait for each other use a server. The latency of each
// request counts from its planned moment, so a request that had to wait for a free connection waits in its time.
// (autocannon's overallRate sends every connection's requests on the same timer tick: 20 users at 10 a second
// became bursts of 20 every 100 ms, which queued behind each other and measured the burst, not the server.)
import http from 'node:http';
import { percentile } from './load.mjs';

/** Exponentially distributed gaps between arrivals: `rate` a second on average. */
function nextGapMs(rate) {
  return (-Math.log(1 - Math.random()) / rate) * 1000;
}

function send(agent, baseUrl, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const url = new URL(path, baseUrl);
    const payload = body === undefined ? undefined : Buffer.from(body);
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ status: 0 }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0 }));
    if (payload) request.write(payload);
    request.end();
  });
}

/**
 * Streams of requests at once, each at its own `rate` (requests a second), for `durationSeconds`. A stream:
 * `{ id, rate, request: (index) => ({ method, path, headers, body }) }`. Answers the latencies per stream and in
 * all, the failures (not 2xx, errors, timeouts) and the requests answered a second.
 */
export async function runPaced(baseUrl, streams, { durationSeconds, maxSockets = 1000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const started = performance.now();
  const end = started + durationSeconds * 1000;
  const all = [];
  const pending = [];
  const perStream = streams.map((stream) => ({ stream, latencies: [], failures: 0, sent: 0 }));
  await Promise.all(
    perStream.map(async (state) => {
      let planned = started + nextGapMs(state.stream.rate);
      while (planned < end) {
        const wait = planned - performance.now();
        if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
        const at = planned;
        const index = state.sent++;
        pending.push(
          send(agent, baseUrl, state.stream.request(index)).then(({ status }) => {
            const ms = performance.now() - at;
            state.latencies.push(ms);
            all.push(ms);
            if (status < 200 || status >= 300) state.failures++;
          }),
        );
        planned += nextGapMs(state.stream.rate);
      }
    }),
  );
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const summary = (latencies) => {
    latencies.sort((a, b) => a - b);
    const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
    return {
      requests: latencies.length,
      requestsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? null),
      },
    };
  };
  return {
    ...summary(all),
    failures: perStream.reduce((sum, state) => sum + state.failures, 0),
    perStream: perStream.map((state) => ({
      id: state.stream.id,
      rate: state.stream.rate,
      failures: state.failures,
      ...summary(state.latencies),
    })),
  };
}
