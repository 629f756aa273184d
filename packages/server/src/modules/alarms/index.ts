import { onCommandSettled } from '../control/index.js';
import type { ServerModule } from '../module.js';
import { commandAlarms } from './commands.js';
import { alarmEvaluator } from './ingest.js';
import { enqueueSweep, sweepJob } from './jobs.js';
import { roundJob } from './push/round.js';
import { sendJob } from './push/send.js';
import { alarmRoutes } from './routes.js';

/** Alarms (issue 13): rules per farm and shed type with day-age stages, and the alarm records. */
export const alarmsModule: ServerModule = {
  name: 'alarms',
  routes: alarmRoutes,
  ingest: [alarmEvaluator],
  jobs: [sweepJob, roundJob, sendJob],
  // The sweep chain's first link (or a new one after its job failed for good); keyed per minute.
  start: async (deps) => enqueueSweep(deps),
};

// The "command failed" rules hear every settled remote-control command, in every process and app.
onCommandSettled(commandAlarms);

/** What the demo seed uses: the evaluator over the stored demo readings, to make the alarm history. */
export { evaluateReadings, gatewayRefColumns, type GatewayRef, type Reading } from './evaluate.js';
export { storedReadings } from './stored.js';
/** What the demo seed uses to write the outbox its push strategies would have written (db/seed-push.ts). */
export { farmPeople } from './push/config.js';
export { renderMessage } from './push/message.js';
export { REPEAT_ROUNDS, roundTargets } from './push/round.js';
/** Alarms other modules raise without a rule (feeding: not eaten, feeder fault, silo gap). */
export {
  anyLiveSystemAlarm,
  publishAlarms,
  settleSystemAlarms,
  systemAlarmStates,
  type SystemAlarm,
  type SystemAlarmSettle,
  type SystemAlarmState,
} from './system.js';
