import { mkdirSync } from 'node:fs';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { createDeps } from './deps.js';
import { startServices } from './services.js';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  // The embedded store runs in a worker thread of its own, so a write batch never holds up the
  // requests, the device link and the live streams of this thread (issue 19).
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, thread: true });
  // One logger for HTTP, the device link and the job worker, made before any of them.
  const log = pino({ level: config.logLevel });
  const deps = createDeps({ config, database }, { log });
  const app = await buildApp(deps, { logger: log });
  const services = await startServices(app, deps);
  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`FarmSense is running at http://${shown}:${config.port}  (API docs: /api/docs)`];
  lines.push(`Storage: ${database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`);
  if (config.demo) {
    lines.push('Demo accounts (password Demo@12345): platform (back office), demo (tenant admin), pig, chicken');
  }
  if (!config.captcha) lines.push('CAPTCHA=off: sign-in without a verification code is allowed');
  if (config.captchaTestCode)
    lines.push('WARNING: CAPTCHA_TEST_CODE is set: every verification code has a fixed answer (tests only, never in production)');
  process.stdout.write(`${lines.join('\n')}\n`);

  const stop = async (): Promise<void> => {
    await app.close();
    await services.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

void main().catch((err: unknown) => {
  process.stderr.write(`FarmSense failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
