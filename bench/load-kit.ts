/**
 * Helpers of the device-load benchmark (load.bench.ts) and the scale-out one: command-line flags,
 * a server process's CPU and memory from /proc, the console's calls through the HTTP API
 * (sign-in, registering a farm's gateways, the three screens sampled every second).
 */
import { constants, publicEncrypt } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** `--name=value` from the command line, else the environment variable, else the default. */
export function flag(name: string, env: string, fallback: string): string {
  const arg = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (arg === `--${name}`) return '1';
  if (arg) return arg.slice(name.length + 3);
  return process.env[env] ?? fallback;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The q-quantile (0..1) of some samples; NaN without any. */
export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(s.length * q) - 1))]!;
}

const TICKS = 100; // USER_HZ of Linux /proc/<pid>/stat

/** CPU seconds (user + system) a process has used so far, and its resident memory (MiB). */
export function procUsage(pid: number): { cpuS: number; rssMiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start with the state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuS = (Number(fields[11]) + Number(fields[12])) / TICKS;
  const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuS, rssMiB: rss ? Number(rss[1]) / 1024 : Number.NaN };
}

/** Samples a process every second: its highest RSS and the CPU it spent between start() and stop(). */
export class ProcWatch {
  private timer: NodeJS.Timeout | null = null;
  private cpu0 = 0;
  private t0 = 0;
  maxRssMiB = 0;

  constructor(private readonly pid: number) {}

  start(): void {
    const u = procUsage(this.pid);
    this.cpu0 = u.cpuS;
    this.t0 = performance.now();
    this.maxRssMiB = u.rssMiB;
    this.timer = setInterval(() => {
      this.maxRssMiB = Math.max(this.maxRssMiB, procUsage(this.pid).rssMiB);
    }, 1000);
  }

  /** CPU seconds and the share of one core (%) over the watched time. */
  stop(): { cpuS: number; cpuPct: number; maxRssMiB: number } {
    if (this.timer) clearInterval(this.timer);
    const u = procUsage(this.pid);
    this.maxRssMiB = Math.max(this.maxRssMiB, u.rssMiB);
    const cpuS = u.cpuS - this.cpu0;
    return { cpuS, cpuPct: (100 * cpuS) / ((performance.now() - this.t0) / 1000), maxRssMiB: this.maxRssMiB };
  }
}

/** One call of the API as the console makes it; throws unless it answers code 1. */
export async function api<T>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 1) throw new Error(`${method} ${url} answered ${json.code}: ${JSON.stringify(json.data)}`);
  return json.data;
}

/** Signs in as the demo tenant administrator (the password RSA-OAEP encrypted, as the console sends it). */
export async function signIn(base: string, username = 'demo', plain = 'Demo@12345'): Promise<string> {
  const { publicKey } = await api<{ publicKey: string }>(base, 'GET', '/api/getConfig');
  const password = publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
  return (await api<{ token: string }>(base, 'POST', '/api/breedpigaccount/login/doLogin', { username, password })).token;
}

export interface Fleet {
  farmId: number;
  shedIds: number[];
  codes: string[];
  gatewayIds: number[];
}

/** Runs `fn` over 0..n-1 with `width` calls at a time. */
async function parallel(n: number, width: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/**
 * A new pig farm with `n` houses and one gateway in each, registered through the API as an
 * installer would (farm, shed and controller add), every gateway with the check code `checkCode`.
 */
export async function registerFleet(base: string, token: string, name: string, n: number, checkCode: string): Promise<Fleet> {
  const { id: farmId } = await api<{ id: number }>(
    base,
    'POST',
    '/api/breedpigbuilding/farmInfo/add',
    {
      farmName: name,
      type: 1,
      scale: 4,
      personInCharge: 'Bench',
      areaCode: '+86',
      phone: '13800000098',
      state: 1,
      timeZone: 'Asia/Shanghai',
      timeZoneName: 'China Standard Time',
    },
    token,
  );
  const prefix = name
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 6)
    .toLowerCase();
  const fleet: Fleet = { farmId, shedIds: new Array<number>(n), codes: new Array<string>(n), gatewayIds: new Array<number>(n) };
  await parallel(n, 4, async (i) => {
    const shed = await api<{ id: number }>(
      base,
      'POST',
      '/api/breedpigbuilding/shed/add',
      { farmId, shedName: `House ${i + 1}`, shedType: 4, areaNum: 1, buildingNum: 1 + Math.floor(i / 1000), shedNum: 1 + (i % 1000) },
      token,
    );
    const code = `fs-${prefix}${String(i).padStart(5, '0')}`;
    const gw = await api<{ id: number }>(
      base,
      'POST',
      '/api/breedpigdevice/controller/add',
      { code, name: code, gatewayType: 101, deviceCategory: 200, farmId, shedId: shed.id, checkCode },
      token,
    );
    fleet.shedIds[i] = shed.id;
    fleet.codes[i] = code;
    fleet.gatewayIds[i] = gw.id;
  });
  return fleet;
}

export interface Latencies {
  shedList: number[];
  live: number[];
  trend: number[];
  errors: number;
  /** The slowest calls: which, when (seconds after sampling began) and how long (ms). */
  slowest: { call: string; atS: number; ms: number; clock: string }[];
}

/**
 * The three console calls of the issue, each one every second (or right after its previous
 * answer when that took longer) until `stop()`: the shed list of the farm (querySheds), the live
 * values of a house (telemetry/latest, a different house each time) and the 24-hour temperature
 * trend of six houses (environment/trend).
 */
export function sampleConsole(base: string, token: string, fleet: Fleet): { stop: () => Promise<Latencies> } {
  const out: Latencies = { shedList: [], live: [], trend: [], errors: 0, slowest: [] };
  const began = performance.now();
  let running = true;
  let n = 0;
  const calls: [number[], () => Promise<unknown>, string][] = [
    [
      out.shedList,
      () => api(base, 'POST', '/api/breedpigbuilding/shed/querySheds', { pageNo: 1, pageSize: 50, farmId: fleet.farmId }, token),
      'shed list',
    ],
    [
      out.live,
      () => api(base, 'GET', `/api/telemetry/latest?shedId=${fleet.shedIds[n++ % Math.min(50, fleet.shedIds.length)]}`, undefined, token),
      'live values',
    ],
    [
      out.trend,
      () => api(base, 'POST', '/api/environment/trend', { shedIds: fleet.shedIds.slice(0, 6), kind: 'temp', preset: '24h' }, token),
      'trend',
    ],
  ];
  const loops = calls.map(async ([into, call, name]) => {
    while (running) {
      const t = performance.now();
      try {
        await call();
        const took = performance.now() - t;
        into.push(took);
        out.slowest.push({ call: name, atS: (t - began) / 1000, ms: took, clock: new Date(Date.now() - took).toISOString().slice(11, 19) });
        out.slowest.sort((a, b) => b.ms - a.ms).splice(5);
      } catch {
        out.errors++;
      }
      const wait = 1000 - (performance.now() - t);
      if (running && wait > 0) await sleep(wait);
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return out;
    },
  };
}
