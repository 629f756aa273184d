import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from '../../../test/harness.js';

/**
 * Test helpers of the push outbox (not loaded by the server): a fake SMS/voice provider on
 * loopback, and a clock that moves the queue forward.
 *
 * The provider answers 503 while `down`, holds requests without an answer while `hang` (a send
 * in flight when the worker dies), and delivers each Idempotency-Key once, as real providers
 * that take such a key do: `delivered` is what reached a phone, `requests` everything that came.
 */
export interface FakeProvider {
  url: string;
  down: boolean;
  hang: boolean;
  requests: { path: string; key: string | null; body: Record<string, string>; auth: string | null }[];
  delivered: Map<string, Record<string, string>>;
  /** Requests held while `hang` (resolved by close()). */
  held: number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

export async function fakeProvider(): Promise<FakeProvider> {
  const waiting: (() => void)[] = [];
  const state: FakeProvider = {
    url: '',
    down: false,
    hang: false,
    requests: [],
    delivered: new Map(),
    held: 0,
    close: async () => {
      for (const w of waiting) w();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      state.requests.push({ path: req.url ?? '', key, body, auth: req.headers.authorization ?? null });
      if (state.hang) {
        state.held++;
        await new Promise<void>((r) => waiting.push(r));
        res.destroy();
        return;
      }
      if (state.down) {
        res.writeHead(503).end('down');
        return;
      }
      const id = key ?? `anon-${state.requests.length}`;
      if (!state.delivered.has(id)) state.delivered.set(id, body);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `p-${id}`, sid: `SM-${id}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/**
 * Lets `ms` pass for the queue: jobs due within it become due now, and every due job runs.
 * Repeats until nothing is left within the window (a round enqueues its sends at once).
 */
export async function advance(ctx: TestContext, ms: number): Promise<void> {
  await ctx.database.query(
    `UPDATE jobs SET run_at = now() WHERE state = 'queued' AND run_at <= now() + $1::int * interval '1 millisecond'`,
    [ms],
  );
  await ctx.jobs.runDue();
}
