import type { ServerModule } from '../module.js';
import { expireJob } from './delivery.js';
import { returnJob, sendJob } from './devices.js';
import { controlRoutes } from './routes.js';

/**
 * Remote control (issue 14): settings sent to a house's climate controller as durable, versioned
 * commands confirmed by the device, each confirmed by the user's security code or an
 * authorization code, and the option log of who changed what.
 */
export const controlModule: ServerModule = {
  name: 'control',
  routes: controlRoutes,
  jobs: [expireJob, sendJob, returnJob],
};

/** Settled commands for other modules (the alarms module's "command failed" rule). */
export { onCommandSettled, type CommandSettledListener, type SettledCommand } from './settled.js';

/** Durable device commands for other modules' settings (the feeding plan dispatch, group `feeding`). */
export { confirmedLog, writeCommand, withVersionRetry, type CommandWrite, type OptionLogEntry } from './commands.js';
export { publishRow } from './delivery.js';
/** Publishes a command written by a job once that job committed (`control.send`, keyed by the caller). */
export { sendJob as sendCommandJob } from './devices.js';
/** The code check of every remote action (security or authorization code) and an authorization code's use, for other modules' remote actions (feeding devices). */
export { confirmAction, type CodeFields, type Confirmation } from './verify.js';
export { countUse } from './auth-codes.js';
