import type { SessionCache } from './session-cache.js';

interface Kept<T> {
  value: T;
  at: number;
}

/**
 * Data that only a write through the API can change (an account's default page, its profile
 * and farms, the application catalogue), read once and kept in memory until the next write: the
 * console asks for it on every page load. It is dropped with the session cache
 * (`SessionCache.onDrop`): on every successful API write here and, through NOTIFY, in every other
 * server; kept only while other servers' writes are heard (`heard()`) and when no write landed
 * while it was read (`generation`); and read again after `ttlMs` at the latest, for changes made
 * behind the API. Keys name what was read (an account id); the oldest go first beyond `max`.
 * Requests that come while a key is being read wait for that read (one statement for a hundred
 * dashboards asking for the same chart at once).
 */
export class WriteMemo<T> {
  private readonly kept = new Map<string, Kept<T>>();
  /** Reads under way: a request for the same key waits for the one read instead of starting its own. */
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly sessions: SessionCache,
    private readonly ttlMs = 30_000,
    private readonly max = 10_000,
  ) {
    sessions.onDrop(() => this.kept.clear());
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.kept.get(key);
    if (hit && Date.now() - hit.at <= this.ttlMs) return hit.value;
    const running = this.loading.get(key);
    if (running) return running;
    const read = this.read(key, load).finally(() => this.loading.delete(key));
    this.loading.set(key, read);
    return read;
  }

  /**
   * Several keys at once: the kept ones from memory, the others read together by one `load` (which
   * answers each key it was given; a key it leaves out is not kept and not answered).
   */
  async getMany(keys: readonly string[], load: (missing: string[]) => Promise<Map<string, T>>): Promise<Map<string, T>> {
    const now = Date.now();
    const out = new Map<string, T>();
    const missing: string[] = [];
    for (const key of keys) {
      const hit = this.kept.get(key);
      if (hit && now - hit.at <= this.ttlMs) out.set(key, hit.value);
      else missing.push(key);
    }
    if (missing.length === 0) return out;
    const cacheable = await this.sessions.heard();
    const generation = this.sessions.generation;
    const read = await load(missing);
    const keep = cacheable && generation === this.sessions.generation;
    for (const [key, value] of read) {
      out.set(key, value);
      if (keep) this.keep(key, value);
    }
    return out;
  }

  private keep(key: string, value: T): void {
    if (this.kept.size >= this.max) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.kept.delete(oldest.value);
    }
    this.kept.set(key, { value, at: Date.now() });
  }

  private async read(key: string, load: () => Promise<T>): Promise<T> {
    const cacheable = await this.sessions.heard();
    const generation = this.sessions.generation;
    const value = await load();
    if (cacheable && generation === this.sessions.generation) this.keep(key, value);
    return value;
  }
}
