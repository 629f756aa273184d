/**
 * The demo's seed and check code, in a file of their own: the live simulator (demo-fleet.ts)
 * runs what the demo seeds (seed-*.ts) store, and both read these.
 */
export const DEMO_SEED = 20_260_101;
/** The check code of every demo gateway (stored hashed; the simulator signs in with it). */
export const DEMO_CHECK_CODE = 'demo';
/** The demo tenant's name (CONTRACT §5); the seeds find their tenant, farms and houses by it. */
export const DEMO_TENANT = 'Demo Agri Group';
/** The sow farm's house with the demo feeders, racks, meal adjustments and a silo of its own. */
export const DEMO_FEEDER_HOUSE = 'Farrowing 1';
