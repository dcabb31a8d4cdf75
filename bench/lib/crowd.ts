import { connect, type Socket } from 'node:net';

/**
 * A crowd of phones on raw keep-alive sockets: `connections` clients, each sending its next GET as soon as
 * its last answer is in (a closed loop, like wrk), for `seconds`. Unlike wrk it times each answer by its
 * status, so the latency of the ANSWERED requests (200) is told apart from that of the refusals (503),
 * which are fast on purpose (decision 182). Plain sockets and a minimal parser keep the client's own cost
 * per answer to a few microseconds, so that it measures the server, not itself.
 */
export interface CrowdResult {
  seconds: number;
  answered: number;
  refused: number;
  /** Any other status, a closed socket or a malformed answer. */
  other: number;
  /** Answered requests per second. */
  rps: number;
  /** Latency of the answered requests (ms). */
  p50: number;
  p99: number;
  max: number;
  /** Latency of the refusals (ms). */
  refusedP99: number;
  /** Refusals that said when to come back. */
  retryAfter: number;
}

export interface CrowdOptions {
  connections: number;
  seconds: number;
  /** Paths, each client taking them in turn from a random start. */
  paths: string[];
  headers?: Record<string, string>;
  /**
   * A refused client waits the Retry-After it was told before asking again, as a phone does (the busy
   * page reloads itself); otherwise it asks again at once, the harshest crowd.
   */
  honorRetryAfter?: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

export function crowd(base: string, options: CrowdOptions): Promise<CrowdResult> {
  const url = new URL(base);
  const extra = Object.entries(options.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  const requests = options.paths.map((p) =>
    Buffer.from(`GET ${p} HTTP/1.1\r\nHost: ${url.host}\r\n${extra}\r\n`),
  );
  const answeredMs: number[] = [];
  const refusedMs: number[] = [];
  let other = 0;
  let retryAfter = 0;
  let stop = false;
  const started = performance.now();

  const client = (index: number) =>
    new Promise<void>((resolve) => {
      let next = Math.floor(Math.random() * requests.length) + index;
      let socket: Socket;
      let sentAt = 0;
      let buffer = Buffer.alloc(0);
      const send = () => {
        if (stop) {
          socket.destroy();
          return resolve();
        }
        sentAt = performance.now();
        socket.write(requests[next++ % requests.length]!);
      };
      const open = () => {
        buffer = Buffer.alloc(0);
        socket = connect(Number(url.port), url.hostname, send);
        socket.setNoDelay(true);
        socket.on('data', (chunk) => {
          buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
          for (;;) {
            const end = buffer.indexOf('\r\n\r\n');
            if (end < 0) return;
            const head = buffer.subarray(0, end).toString('latin1');
            const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? Number.NaN);
            if (!Number.isFinite(length)) {
              // Every answer on the public path has a length; anything else is counted and the socket reopened.
              other++;
              socket.destroy();
              return;
            }
            if (buffer.length < end + 4 + length) return;
            buffer = buffer.subarray(end + 4 + length);
            const ms = performance.now() - sentAt;
            const status = Number(head.slice(9, 12));
            if (status === 200) answeredMs.push(ms);
            else if (status === 503) {
              refusedMs.push(ms);
              const wait = /\r\nretry-after:\s*(\d+)/i.exec(head);
              if (wait) retryAfter++;
              if (wait && options.honorRetryAfter) {
                setTimeout(send, Number(wait[1]) * 1000);
                continue;
              }
            } else other++;
            send();
          }
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          if (stop) return resolve();
          other++;
          open();
        });
      };
      open();
    });

  const timer = setTimeout(() => {
    stop = true;
  }, options.seconds * 1000);
  return Promise.all(Array.from({ length: options.connections }, (_, i) => client(i))).then(() => {
    clearTimeout(timer);
    const seconds = (performance.now() - started) / 1000;
    const answered = answeredMs.sort((a, b) => a - b);
    const refused = refusedMs.sort((a, b) => a - b);
    return {
      seconds,
      answered: answered.length,
      refused: refused.length,
      other,
      rps: answered.length / seconds,
      p50: percentile(answered, 50),
      p99: percentile(answered, 99),
      max: answered.at(-1) ?? Number.NaN,
      refusedP99: percentile(refused, 99),
      retryAfter,
    };
  });
}

/**
 * `node --import tsx bench/lib/crowd.ts <base> <json options>`: the crowd in a process of its own, its
 * result as one JSON line (a test runs it beside the server, not inside its own busy process).
 */
if (process.argv[1]?.endsWith('crowd.ts') && process.argv.length === 4) {
  const [base, json] = process.argv.slice(2) as [string, string];
  void crowd(base, JSON.parse(json) as CrowdOptions).then((r) => console.log(JSON.stringify(r)));
}
