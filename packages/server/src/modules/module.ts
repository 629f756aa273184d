import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import type { CommittedBatch, SubscriberOptions } from '../iot/committed.js';
import type { JobDefinition } from '../jobs/define.js';

/** Registers a module's routes in its own encapsulated scope. */
export type ModuleRoutes = (app: FastifyInstance, deps: Deps) => Promise<void>;

/** Readings after they are durable (iot/committed.ts states the delivery guarantee). */
export interface IngestSubscriber extends SubscriberOptions {
  /** `<module>.<what>`, unique in the app: it names the subscriber in logs and stats. */
  name: string;
  onCommitted(batch: CommittedBatch, deps: Deps): Promise<void> | void;
}

/**
 * One server module, exported as `<name>Module` from its folder's index.ts and listed once in
 * modules/index.ts. buildApp registers `routes`; start-up (startServices, createTestApp)
 * registers `jobs` with deps.jobs and `ingest` with deps.iot.ingest; startServices then runs
 * `start`.
 */
export interface ServerModule {
  /** The folder name, the same in shared, server, web and i18n. */
  name: string;
  routes: ModuleRoutes;
  jobs?: readonly JobDefinition[];
  ingest?: readonly IngestSubscriber[];
  /**
   * Start-up work once its jobs are registered, before the worker runs (startServices): e.g.
   * enqueue a periodic job's first run with a key, so every process may do it and one job exists.
   */
  start?: (deps: Deps) => Promise<void>;
}
