import type { Database } from '../db/client.js';
import { inTurns } from '../lib/turns.js';

/** CONTRACT §4: a device code is `fs-` followed by 1 to 16 letters or digits. */
export const DEVICE_CODE_RE = /^fs-[A-Za-z0-9]{1,16}$/;

/** What the link needs to know about a gateway, loaded from the `gateways` registry. */
export interface DeviceInfo {
  id: number;
  code: string;
  tenantId: number;
  farmId: number | null;
  shedId: number | null;
  checkCode: string;
  enabled: boolean;
  /** IANA zone of the gateway's farm, checked against PostgreSQL's zone list ('UTC' otherwise). */
  timeZone: string;
}

interface Entry {
  info: DeviceInfo | null;
  at: number;
}

/**
 * Read-through cache of the gateway registry, keyed by device code. Entries live a few seconds:
 * long enough that a burst of telemetry does not query the registry per message, short enough
 * that a disabled or re-keyed gateway is refused at its next CONNECT within that time.
 *
 * Lookups are batched: every code asked for within `batchMs` (a CONNECT waits for it) is read in
 * one statement, and the background refresh of stale entries (`current`) is gathered over
 * `refreshMs`. A thousand gateways connecting at once after a restart, or reporting every 10 s
 * with a 5 s lifetime, cost a few statements a second, not one per gateway: one per gateway
 * queued thousands of statements in front of the console's.
 */
export class DeviceCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byIdIndex = new Map<number, DeviceInfo>();
  private readonly loading = new Map<string, Promise<DeviceInfo | null>>();
  /** Codes waiting for the next batch, with their callers. */
  private queued = new Map<string, { resolve: (info: DeviceInfo | null) => void; reject: (err: unknown) => void }[]>();
  private timer: NodeJS.Timeout | null = null;
  private timerDue = Infinity;
  private zones: Promise<Set<string>> | null = null;

  constructor(
    private readonly database: Database,
    private readonly ttlMs = 5_000,
    private readonly batchMs = 5,
    private readonly refreshMs = 500,
  ) {}

  /** The gateway with this code, or null when the code is malformed or unknown. */
  async get(code: string): Promise<DeviceInfo | null> {
    return this.fetch(code, this.batchMs);
  }

  /**
   * Without waiting: the cached info of a code (refreshed in the background once stale), or
   * `fallback` when nothing is cached. Lets the publish path follow a gateway rebound to another
   * shed or disabled while it stays connected, without a query per message.
   */
  current(code: string, fallback: DeviceInfo): DeviceInfo | null {
    const hit = this.entries.get(code);
    if (!hit || Date.now() - hit.at >= this.ttlMs) void this.fetch(code, this.refreshMs).catch(() => undefined);
    return hit ? hit.info : fallback;
  }

  /** The last loaded info of a gateway id (no database round trip; null when not seen yet). */
  known(id: number): DeviceInfo | null {
    return this.byIdIndex.get(id) ?? null;
  }

  /** Forgets a code (after the registry changed it) so the next lookup reads the database. */
  invalidate(code?: string): void {
    if (code === undefined) this.entries.clear();
    else this.entries.delete(code);
  }

  private fetch(code: string, withinMs: number): Promise<DeviceInfo | null> {
    if (!DEVICE_CODE_RE.test(code)) return Promise.resolve(null);
    const hit = this.entries.get(code);
    if (hit && Date.now() - hit.at < this.ttlMs) return Promise.resolve(hit.info);
    const pending = this.loading.get(code);
    if (pending) {
      this.schedule(withinMs);
      return pending;
    }
    const p = new Promise<DeviceInfo | null>((resolve, reject) => {
      const waiting = this.queued.get(code) ?? [];
      waiting.push({ resolve, reject });
      this.queued.set(code, waiting);
    }).finally(() => this.loading.delete(code));
    this.loading.set(code, p);
    this.schedule(withinMs);
    return p;
  }

  /** Runs the next batch within `ms` (sooner if a caller is waiting for it). */
  private schedule(ms: number): void {
    const due = Date.now() + ms;
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private async flush(): Promise<void> {
    this.timer = null;
    this.timerDue = Infinity;
    const batch = this.queued;
    this.queued = new Map();
    if (batch.size === 0) return;
    try {
      const found = await this.load([...batch.keys()]);
      // A fleet reconnecting is a thousand CONNECTs answered from one lookup: in turns, so the
      // console's requests are read between them (lib/turns.ts).
      await inTurns([...batch], ([code, waiting]) => {
        for (const w of waiting) w.resolve(found.get(code) ?? null);
      });
    } catch (err) {
      for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
    }
  }

  private async load(codes: string[]): Promise<Map<string, DeviceInfo>> {
    const rows = await this.database.query<{
      id: number;
      code: string;
      tenant_id: number;
      farm_id: number | null;
      shed_id: number | null;
      check_code: string;
      enabled: boolean;
      time_zone: string | null;
    }>(
      `SELECT g.id, g.code, g.tenant_id, g.farm_id, g.shed_id, g.check_code, g.enabled, f.time_zone
         FROM gateways g LEFT JOIN farms f ON f.id = g.farm_id
        WHERE g.code = ANY($1::text[])`,
      [codes],
    );
    const zones = rows.length > 0 ? await this.validZones() : new Set<string>();
    const at = Date.now();
    const found = new Map<string, DeviceInfo>();
    for (const r of rows) {
      const info: DeviceInfo = {
        id: r.id,
        code: r.code,
        tenantId: r.tenant_id,
        farmId: r.farm_id,
        shedId: r.shed_id,
        checkCode: r.check_code,
        enabled: r.enabled,
        // An unknown zone name would make the daily-rollup statement fail on every retry.
        timeZone: r.time_zone && zones.has(r.time_zone) ? r.time_zone : 'UTC',
      };
      found.set(r.code, info);
      this.byIdIndex.set(info.id, info);
    }
    for (const code of codes) this.entries.set(code, { info: found.get(code) ?? null, at });
    return found;
  }

  private validZones(): Promise<Set<string>> {
    this.zones ??= this.database
      .query<{ name: string }>('SELECT name FROM pg_timezone_names')
      .then((rows) => new Set(rows.map((r) => r.name)))
      .catch((err: unknown) => {
        this.zones = null;
        throw err;
      });
    return this.zones;
  }
}
