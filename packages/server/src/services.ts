import type { FastifyInstance } from 'fastify';
import { registerModuleWork, startModules, type Deps } from './app.js';
import { seedCatalogue } from './db/catalogue.js';
import { seedDemo } from './db/seed.js';
import { startDemoSimulator } from './db/demo-fleet.js';
import { seedHistory } from './db/seed-history.js';
import { seedAlarmHistory } from './db/seed-alarms.js';
import { seedPushHistory } from './db/seed-push.js';
import { seedDemoSilos } from './db/seed-silos.js';
import { seedDemoFeeders } from './db/seed-feed-devices.js';
import { seedDemoRacks } from './db/seed-feed-racks.js';
import { seedFeederHistory } from './db/seed-feeder-history.js';

export interface Services {
  stop: () => Promise<void>;
}

/**
 * Start-up work beyond HTTP: catalogue sync, demo data, the modules' jobs and ingest subscribers,
 * the device link (broker + ingest) and the job worker.
 */
export async function startServices(app: FastifyInstance, deps: Deps): Promise<Services> {
  await seedCatalogue(deps.database.db);
  if (deps.config.demo) await seedDemo(deps.database.db);
  registerModuleWork(deps);
  await startModules(deps);
  const { iot, jobs, config } = deps;
  await iot.start();
  // Demo: 60 days of history through ingest's batch statement, then the demo gateways live.
  if (config.demo) {
    const history = await seedHistory(deps.database);
    if (history) app.log.info(history, 'demo telemetry history written');
    // The alarms those readings raise under the demo rules, as if they had been live all along.
    if (history) app.log.info({ readings: await seedAlarmHistory(deps) }, 'demo alarm history evaluated');
    // What the farms' push strategies sent about those alarms (the local outbox, no provider set).
    if (history) app.log.info({ messages: await seedPushHistory(deps.database.db) }, 'demo push history written');
    // The sow farm's feeder main unit, concentrator, collectors and crate feeders (once), with the
    // last week of their reports (once), so the feeding records and the not-eating list have days.
    if (await seedDemoFeeders(deps.database.db)) app.log.info('demo feeders added');
    // Their crates as positions on one rack per row (once), for the rack and relation screens.
    if (await seedDemoRacks(deps.database.db)) app.log.info('demo feeding racks added');
    const feederReadings = await seedFeederHistory(deps.database);
    if (feederReadings > 0) app.log.info({ readings: feederReadings }, 'demo feeder history written');
    // The demo silos on weighers of their own, with 30 days of load-cell readings weighed (once); the
    // feeder house's own silo draws what those feeders dispense, so it comes after them.
    const siloReadings = await seedDemoSilos(deps.database);
    if (siloReadings > 0) app.log.info({ readings: siloReadings }, 'demo silo history weighed');
  }
  const simulator = config.simulator
    ? await startDemoSimulator(deps.database, config.mqttUrl ? { url: config.mqttUrl } : { stream: () => iot.connectInProcess() }, {
        log: (line) => app.log.info(line),
      })
    : null;
  jobs.start();
  app.log.info({ mqtt: iot.mode, port: iot.port, simulator: simulator ? 'running' : 'off', jobs: jobs.names.length }, 'services started');
  return {
    stop: async () => {
      // Stops the demo gateways and their flock-register sync timer (db/demo-fleet.ts).
      await simulator?.stop();
      // Jobs first: a running job may still send a device command; what ingest subscribers
      // enqueue while the link drains is stored and waits for the next start.
      await jobs.stop();
      await iot.stop();
    },
  };
}
