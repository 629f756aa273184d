import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { quietLog } from '../lib/log.js';
import { startIot } from './link.js';

/**
 * An ingest server process for adopt.api.test.ts (not loaded by the server):
 * `node --import tsx testkit-ingest-worker.ts <DATABASE_URL> <MQTT_URL> <shareGroup> <clientId>`
 * ingests the group's share of the devices' messages until it is killed. It prints `ready` once
 * subscribed and `took <n>` as messages arrive, so the test can kill it mid-stream.
 */
const [url, mqttUrl, shareGroup, clientId] = process.argv.slice(2);
if (!url || !mqttUrl || !shareGroup || !clientId)
  throw new Error('usage: testkit-ingest-worker.ts <DATABASE_URL> <MQTT_URL> <group> <clientId>');
const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
const config = loadConfig({ DATABASE_URL: url, MQTT_URL: mqttUrl, DEMO: '0', SIMULATOR: '0', LOG_LEVEL: 'silent' });
const link = await startIot({ config, database }, quietLog, {
  shareGroup,
  clientId,
  lingerMs: 5,
  statusFlushMs: 200,
  sessionHeartbeatMs: 200,
});
process.stdout.write('ready\n');
let reported = 0;
setInterval(() => {
  const n = link.ingest.counters.messages;
  if (n !== reported) process.stdout.write(`took ${(reported = n)}\n`);
}, 20);
