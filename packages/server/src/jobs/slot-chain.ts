import type { Tx } from '../db/client.js';
import { defineJob, type JobContext, type JobDefinition, type JobOptions } from './define.js';
import type { Jobs } from './queue.js';

/** A periodic job kind and the call that enqueues one of its slots. */
export interface SlotChain {
  readonly job: JobDefinition<{ slot: number }>;
  /** Enqueues the run of a slot (now's by default), once however often it is called. */
  enqueue(deps: { jobs: Jobs }, slot?: number, tx?: Tx): Promise<void>;
}

/**
 * Periodic work as a chain of jobs, one per time slot of `everyMs` (key `<key>-<slot>`, so however
 * many processes enqueue a slot, one job exists and one worker runs it). Each run first enqueues
 * the next slot (or, after a wait, the one after now) in the run's transaction, then does
 * `work(now, slot, ctx)`: a run that fails enqueues nothing, and its retry does. The module's `start` enqueues the current slot, which also restarts a
 * chain whose job failed for good; two chains meet on the same key and become one.
 */
export function defineSlotChain(
  name: string,
  chain: { everyMs: number; key: string },
  work: (now: number, slot: number, ctx: JobContext) => Promise<void>,
  opts: JobOptions,
): SlotChain {
  const slotOf = (ms: number): number => Math.floor(ms / chain.everyMs);
  const job = defineJob<{ slot: number }>(
    name,
    async ({ slot }, ctx) => {
      const now = Date.now();
      await enqueue(ctx.deps, Math.max(slot + 1, slotOf(now) + 1), ctx.tx);
      await work(now, slot, ctx);
    },
    opts,
  );
  async function enqueue(deps: { jobs: Jobs }, slot = slotOf(Date.now()), tx?: Tx): Promise<void> {
    await deps.jobs.enqueue(job, { slot }, { key: `${chain.key}-${slot}`, runAt: new Date(slot * chain.everyMs), ...(tx ? { tx } : {}) });
  }
  return { job, enqueue };
}
