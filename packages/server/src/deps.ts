import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createIot, type IotLink, type IotOptions } from './iot/link.js';
import { LiveHub } from './iot/live.js';
import { Jobs, type JobsOptions } from './jobs/queue.js';
import type { Log } from './lib/log.js';
import { SessionCache } from './scope/session-cache.js';

declare module './jobs/define.js' {
  /** A job handler's `ctx.deps` is the whole app (jobs/define.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds Deps' members
  interface JobDeps extends Deps {}
}

/**
 * Everything a module may use, handed to it at registration (`routes(app, deps)`), to its job
 * handlers (`ctx.deps`) and to its ingest subscribers (`onCommitted(batch, deps)`). Nothing is
 * looked up globally: several apps in one process (tests) stay apart.
 */
export interface Deps {
  config: Config;
  /** The database wrapper: `.db` (drizzle), `.kind` ('pglite' | 'postgres'), `.query` (raw SQL). */
  database: Database;
  /** The device link: commands (`sendCommand`), registry cache, ingest (`ingest.onCommitted`), gateway status. */
  iot: IotLink;
  /** Live values and gateway states for open screens (SSE). */
  live: LiveHub;
  /** Durable jobs: `enqueue(job, payload, { runAt, key, tx })`. */
  jobs: Jobs;
  /** Signed-in accounts and their access by token, kept between requests (scope/session-cache.ts). */
  sessions: SessionCache;
}

export interface DepsOptions {
  log: Log;
  iot?: IotOptions;
  jobs?: Omit<JobsOptions, 'log'>;
}

/**
 * Makes the app's parts without starting anything: the link connects in `deps.iot.start()` and
 * the job worker runs from `deps.jobs.start()` (startServices does both; tests choose).
 */
export function createDeps(base: { config: Config; database: Database }, opts: DepsOptions): Deps {
  const live = new LiveHub();
  const iot = createIot({ ...base, live }, opts.log, opts.iot);
  const jobs = new Jobs(base.database, { log: opts.log, ...opts.jobs });
  const sessions = new SessionCache(base.database, { log: opts.log });
  const deps: Deps = { config: base.config, database: base.database, iot, live, jobs, sessions };
  jobs.provide(deps);
  return deps;
}
