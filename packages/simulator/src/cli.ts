import { parseArgs } from 'node:util';
import { DEVICE_CODE_PATTERN } from '@farmsense/shared';
import { buildFleet } from './fleet.js';
import { SimulatorRunner } from './runner.js';

/**
 * Command line: run simulated gateways against a broker, for demos and load tests.
 *
 *   tsx packages/simulator/src/cli.ts --url mqtt://127.0.0.1:1883 --gateways fs-demo01,fs-demo02
 *   tsx packages/simulator/src/cli.ts --count 200 --prefix fs-load --rate 2000 --duration 60
 *
 * The last line printed is a JSON summary (published, acknowledged, points), which load tests
 * compare with what the platform stored.
 */
const USAGE = `Usage: farmsense-sim [options]
  --url <mqtt://host:port>   broker (default mqtt://127.0.0.1:1883)
  --gateways <a,b,...>       device codes to simulate (fs-...)
  --count <n> --prefix <p>   or n gateways named <p>0001, <p>0002, ... (default prefix fs-load)
  --password <text>          connection check code of every gateway (default demo)
  --interval <s>             seconds between readings of one gateway (default 10)
  --rate <msg/s>             total telemetry messages per second (load tests; overrides --interval)
  --duration <s>             stop after this many seconds (default: run until Ctrl+C)
  --time-scale <x>           seconds of barn physics per real second (default 1; 60 for a demo of
                             a setting taking effect: an hour of the house in a minute)
  --seed <n>                 random seed (default 1)
  --faults <on|off>          sensor drop-outs and link losses (default on, off with --rate)
  --quiet                    no progress lines`;

function fail(msg: string): never {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  process.exit(2);
}

function positive(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      gateways: { type: 'string' },
      count: { type: 'string' },
      prefix: { type: 'string', default: 'fs-load' },
      password: { type: 'string', default: 'demo' },
      interval: { type: 'string' },
      rate: { type: 'string' },
      duration: { type: 'string' },
      'time-scale': { type: 'string' },
      seed: { type: 'string', default: '1' },
      faults: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let codes: string[];
  if (values.gateways)
    codes = values.gateways
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
  else {
    const count = positive('count', values.count ?? '1')!;
    codes = Array.from({ length: Math.floor(count) }, (_, i) => `${values.prefix}${String(i + 1).padStart(4, '0')}`);
  }
  const bad = codes.find((c) => !DEVICE_CODE_PATTERN.test(c));
  if (bad) fail(`not a device code: ${bad} (fs- then 1 to 16 letters or digits)`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail('--seed must be an integer');
  const rate = positive('rate', values.rate);
  const faultsOn = values.faults === undefined ? rate === undefined : values.faults === 'on';
  if (values.faults !== undefined && values.faults !== 'on' && values.faults !== 'off') fail('--faults must be on or off');
  const durationS = positive('duration', values.duration);
  const timeScale = positive('time-scale', values['time-scale']);

  const now = Date.now();
  const models = buildFleet(
    codes.map((code) => ({ code })),
    { seed, anchor: now, ...(faultsOn ? {} : { faults: false }) },
  );
  // Start from a settled room rather than a cold start.
  for (const m of models) m.warmUp(now, 2, 120);
  const log = values.quiet ? undefined : (line: string): void => void process.stderr.write(`${line}\n`);
  const runner = new SimulatorRunner({
    connection: { url: values.url },
    gateways: models.map((model) => ({ model, password: values.password })),
    intervalS: positive('interval', values.interval) ?? 10,
    ...(rate ? { rate } : {}),
    ...(durationS ? { durationMs: durationS * 1000 } : {}),
    ...(timeScale ? { timeScale } : {}),
    ...(log ? { log } : {}),
  });
  const started = Date.now();
  await runner.start();
  log?.(`simulating ${codes.length} gateway(s) against ${values.url}, one reading every ${(runner.periodMs / 1000).toFixed(3)} s each`);
  const progress = log
    ? setInterval(() => log(`published=${runner.stats.published} acked=${runner.stats.acked} points=${runner.stats.points}`), 10_000)
    : null;
  process.once('SIGINT', () => void runner.stop());
  process.once('SIGTERM', () => void runner.stop());
  await runner.done();
  if (progress) clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(`${JSON.stringify({ gateways: codes.length, seconds: Number(seconds.toFixed(1)), ...runner.stats })}\n`);
}

void main().catch((err: unknown) => {
  process.stderr.write(`simulator failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
