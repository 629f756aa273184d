/** Durable jobs (DESIGN.md §1 src/jobs): declare with defineJob, enqueue through `deps.jobs`. */
export { backoffDelay, defineJob, type Backoff, type JobContext, type JobDefinition, type JobHandler, type JobOptions } from './define.js';
export { defineSlotChain, type SlotChain } from './slot-chain.js';
export { Jobs, JobStopError, JobTimeoutError, type EnqueueOptions, type Enqueued, type JobsOptions } from './queue.js';
