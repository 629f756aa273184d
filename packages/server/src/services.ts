import type { FastifyInstance } from 'fastify';
import type { Deps } from './app.js';
import { seedCatalogue } from './db/catalogue.js';
import { seedDemo } from './db/seed.js';
import { startIot, type IotLink } from './iot/link.js';
import { startDemoSimulator } from './db/demo-fleet.js';
import { seedHistory } from './db/seed-history.js';

export interface Services {
  /** The device link (broker, ingest, commands); `iotLinkFor(database)` finds it from routes. */
  iot: IotLink;
  stop: () => Promise<void>;
}

/** Start-up work beyond HTTP: catalogue sync, demo data, the device link (broker + ingest). */
export async function startServices(app: FastifyInstance, deps: Deps): Promise<Services> {
  await seedCatalogue(deps.database.db);
  if (deps.config.demo) await seedDemo(deps.database.db);
  const iot = await startIot(deps, app.log);
  // Demo: 60 days of history through ingest's batch statement, then the demo gateways live.
  if (deps.config.demo) {
    const history = await seedHistory(deps.database);
    if (history) app.log.info(history, 'demo telemetry history written');
  }
  const { config } = deps;
  const simulator = config.simulator
    ? await startDemoSimulator(deps.database, config.mqttUrl ? { url: config.mqttUrl } : { stream: () => iot.connectInProcess() }, {
        log: (line) => app.log.info(line),
      })
    : null;
  app.log.info({ mqtt: iot.mode, port: iot.port, simulator: simulator ? 'running' : 'off' }, 'services started');
  return {
    iot,
    stop: async () => {
      // Stops the demo gateways and their flock-register sync timer (db/demo-fleet.ts).
      await simulator?.stop();
      await iot.stop();
    },
  };
}
