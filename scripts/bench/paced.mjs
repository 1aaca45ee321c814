// Load at a stated pace: requests arrive at random moments (a Poisson process) at a given rate, whether earlier ones
// have been answered or not, the way many people who do not wait for each other use a server. The latency of each
// request counts from its planned moment, so a request that had to wait for a free connection waits in its time.
// (autocannon's overallRate sends every connection's requests on the same timer tick: 20 users at 10 a second
// became bursts of 20 every 100 ms, which queued behind each other and measured the burst, not the server.)
import net from 'node:net';
import { percentile } from './load.mjs';

/** Exponentially distributed gaps between arrivals: `rate` a second on average. */
function nextGapMs(rate) {
  return (-Math.log(1 - Math.random()) / rate) * 1000;
}

/**
 * Keep-alive HTTP/1.1 connections to one server, one request at a time each, opened as needed up to `maxSockets`
 * (then requests wait for a free one, in their time). Lean on purpose: Node's http.request costs the load generator
 * itself so much that 1,000 no-op requests a second came back with a p95 of 137 ms on this machine.
 */
class ConnectionPool {
  constructor(baseUrl, maxSockets) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
    this.hostHeader = url.host;
    this.maxSockets = maxSockets;
    this.idle = [];
    this.open = 0;
    this.waiting = [];
  }

  /** Answers the status code, or 0 when the connection failed. */
  send({ method = 'GET', path, headers = {}, body }) {
    const payload = body === undefined ? null : Buffer.from(body);
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.hostHeader}`, 'connection: keep-alive'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (payload) lines.push(`content-length: ${payload.length}`);
    const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
    const bytes = payload ? Buffer.concat([head, payload]) : head;
    return new Promise((resolve) => {
      const run = (connection) => connection.request(bytes, resolve);
      const connection = this.idle.pop();
      if (connection) run(connection);
      else if (this.open < this.maxSockets) run(this.connect());
      else this.waiting.push(run);
    });
  }

  connect() {
    this.open++;
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    const connection = { socket, buffer: Buffer.alloc(0), done: null };
    const finish = (status) => {
      const done = connection.done;
      connection.done = null;
      if (done) done(status);
    };
    socket.on('data', (chunk) => {
      connection.buffer = connection.buffer.length ? Buffer.concat([connection.buffer, chunk]) : chunk;
      const status = completeResponse(connection);
      if (status === null) return;
      finish(status);
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    });
    const fail = () => {
      this.open--;
      this.idle = this.idle.filter((each) => each !== connection);
      finish(0);
      const next = this.waiting.shift();
      if (next) next(this.connect());
    };
    socket.on('error', fail);
    socket.on('close', () => {
      if (connection.closed) return;
      connection.closed = true;
      if (connection.done) fail();
      else {
        this.open--;
        this.idle = this.idle.filter((each) => each !== connection);
      }
    });
    connection.request = (bytes, done) => {
      connection.done = done;
      socket.write(bytes);
    };
    return connection;
  }

  destroy() {
    for (const connection of this.idle) connection.socket.destroy();
  }
}

/**
 * The status of the response complete in `connection.buffer` (which is cut after it), or null while it is not
 * complete yet. Bodies come with content-length or chunked.
 */
function completeResponse(connection) {
  const buffer = connection.buffer;
  const headEnd = buffer.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  let end;
  if (length) {
    end = headEnd + 4 + Number(length[1]);
    if (buffer.length < end) return null;
  } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    let offset = headEnd + 4;
    while (true) {
      const lineEnd = buffer.indexOf('\r\n', offset);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buffer.toString('latin1', offset, lineEnd), 16);
      offset = lineEnd + 2 + size + 2;
      if (buffer.length < offset) return null;
      if (size === 0) break;
    }
    end = offset;
  } else {
    end = headEnd + 4;
  }
  connection.buffer = buffer.subarray(end);
  return status;
}

/**
 * Streams of requests at once, each at its own `rate` (requests a second), for `durationSeconds`. A stream:
 * `{ id, rate, request: (index) => ({ method, path, headers, body }) }`. Answers the latencies per stream and in
 * all, the failures (not 2xx, errors, timeouts) and the requests answered a second.
 */
export async function runPaced(baseUrl, streams, { durationSeconds, maxSockets = 1000 }) {
  const pool = new ConnectionPool(baseUrl, maxSockets);
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
          pool.send(state.stream.request(index)).then((status) => {
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
  pool.destroy();
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
