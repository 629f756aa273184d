import type { FastifyInstance } from 'fastify';
import type { Deps } from './app.js';
import { seedCatalogue } from './db/catalogue.js';
import { seedDemo } from './db/seed.js';

/** Start-up work beyond HTTP: catalogue sync, demo data; later the broker, ingest and jobs. */
export async function startServices(app: FastifyInstance, deps: Deps): Promise<{ stop: () => Promise<void> }> {
  await seedCatalogue(deps.database.db);
  if (deps.config.demo) await seedDemo(deps.database.db);
  app.log.info('services started');
  return { stop: async () => undefined };
}
