import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The repository root (bench/ lives in it). */
export const root = path.resolve(import.meta.dirname, '..');

/** A TCP port free on this machine right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let built = false;
/**
 * What a farm runs (`npm start`): the bundled server, built once per benchmark process from the
 * current sources. Under tsx the same server holds about 140 MiB more at rest (the transpiler
 * and its source maps) and spends more CPU per call, which is not what a farm's server does.
 * `BENCH_TSX=1` runs the sources through tsx instead (no build step while editing).
 */
function serverEntry(): string[] {
  if (process.env.BENCH_TSX === '1') return ['--import', 'tsx', 'packages/server/src/main.ts'];
  if (!built) {
    const r = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'packages/server'), stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the server build failed');
    built = true;
  }
  return ['packages/server/dist/main.js'];
}

export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The server as its own process (the built `packages/server/dist/main.js`), on 127.0.0.1 and a
 * free port, without the demo simulator, broker TCP or captcha unless `env` says otherwise;
 * resolves once /api/health answers (3 minutes at most, `BENCH_START_S` seconds if set: the demo
 * data takes a while, longer on a busy machine). `fixedPort`:
 * that HTTP port instead of a free one (the ingest session id follows it across a restart).
 * `BENCH_CPU_PROF=<dir>`: the server writes a V8 CPU profile of each of its threads there on exit
 * (open it in Chrome DevTools or speedscope).
 */
export async function startServer(env: Record<string, string>, fixedPort?: number): Promise<BenchServer> {
  const port = fixedPort ?? (await freePort());
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, ...serverEntry()], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      SIMULATOR: '0',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + Number(process.env.BENCH_START_S ?? 180) * 1000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not start in ${process.env.BENCH_START_S ?? 180} s`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { base, child, stop };
}
