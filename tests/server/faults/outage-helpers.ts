import { api, type RealServer } from '#tests/server/security/real-server.ts';

type Answer = Awaited<ReturnType<typeof api>>;

export interface WriterSpec {
  server: RealServer;
  token: string;
  /** Names this writer's products and names apart from the others'. */
  label: string;
}

/** What the writers saw, and a way to wait for it and to stop them. */
export interface Writes {
  /** Writes answered 200 or 201. */
  acknowledged(): number;
  /** Writes answered 503. */
  refused(): number;
  lastRefused(): Answer | undefined;
  /** Every status answered. */
  statuses(): Set<number>;
  /** What should never happen: an answer other than 2xx or 503, a request the app did not answer. */
  failures(): string[];
  /** The products made with an acknowledged answer: id -> name. */
  made(): Map<number, string>;
  /**
   * Each writer's own product and the names it may have now: the last acknowledged one and each tried
   * after it (a write cut off at its commit may have landed without its answer).
   */
  renamed(): Array<{ id: number; triedAfter: string[] }>;
  until(done: (w: Writes) => boolean, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writers, one per spec, each on its server until stopped: in turn a new product (POST /products) and a new
 * name for its own product (PUT /products/:id), with a short pause between, and during an outage too.
 */
export async function writers(specs: WriterSpec[]): Promise<Writes> {
  let acknowledged = 0;
  let refused = 0;
  let lastRefused: Answer | undefined;
  let running = true;
  const statuses = new Set<number>();
  const failures: string[] = [];
  const made = new Map<number, string>();
  const own: Array<{ id: number; triedAfter: string[] }> = [];

  const answered = (res: Answer, what: string) => {
    statuses.add(res.status);
    if (res.status === 200 || res.status === 201) acknowledged++;
    else if (res.status === 503) {
      refused++;
      lastRefused = res;
    } else failures.push(`${what}: ${res.status} ${res.body?.message}`);
  };

  const loops = await Promise.all(
    specs.map(async ({ server, token, label }) => {
      const first = `${label} ban đầu`;
      const created = await api(server.url, 'POST', '/products', {
        token,
        body: { name: first, companyId: 1 },
      });
      if (created.status !== 201) throw new Error(`writer ${label}: ${created.status}`);
      const mine = { id: created.body.data.id as number, triedAfter: [first] };
      own.push(mine);
      return async () => {
        for (let n = 1; running; n++) {
          try {
            const name = `${label} mới ${n}`;
            const made1 = await api(server.url, 'POST', '/products', { token, body: { name, companyId: 1 } });
            answered(made1, `POST /products (${label})`);
            if (made1.status === 201) made.set(made1.body.data.id as number, name);
            const rename = `${label} tên ${n}`;
            mine.triedAfter.push(rename);
            const renamed = await api(server.url, 'PUT', `/products/${mine.id}`, {
              token,
              body: { name: rename },
            });
            answered(renamed, `PUT /products/${mine.id} (${label})`);
            if (renamed.status === 200) mine.triedAfter = [rename];
          } catch (err) {
            failures.push(`${label}: ${(err as Error).message}`);
            await pause(200);
          }
          await pause(20);
        }
      };
    }),
  );
  const finished = Promise.all(loops.map((loop) => loop()));

  const writes: Writes = {
    acknowledged: () => acknowledged,
    refused: () => refused,
    lastRefused: () => lastRefused,
    statuses: () => statuses,
    failures: () => failures,
    made: () => made,
    renamed: () => own,
    async until(done, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!done(writes)) {
        if (Date.now() > deadline) {
          throw new Error(
            `writers: not reached within ${timeoutMs} ms (acknowledged ${acknowledged}, refused ${refused}, failures ${failures.join('; ')})`,
          );
        }
        await pause(20);
      }
    },
    async stop() {
      running = false;
      await finished;
    },
  };
  return writes;
}
