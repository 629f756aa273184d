import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../lib/limits.js';
import { thresholdRules, type ShedRule } from './batch.js';

/**
 * The limit and rate-of-change rules of each shed, kept between ingest batches: looking them up was
 * a sixth of the evaluator's time, for rules that change a few times a week. Rules, groups, stages
 * and sheds change only through the API, and every successful API write here or in another server
 * drops the session cache (scope/session-cache.ts), so this drops with it (`onDrop`); a lost
 * notification listener drops both. What was read while a write landed serves that batch only, and
 * on PostgreSQL nothing is kept until the other servers' writes are heard. `ttlMs` is the backstop
 * for a change made behind the API (a database console).
 */
export class RuleCache {
  private readonly byShed = new Map<number, { rules: ShedRule[]; at: number }>();

  constructor(
    private readonly sessions: Deps['sessions'],
    private readonly ttlMs = 60_000,
  ) {
    sessions.onDrop(() => this.byShed.clear());
  }

  /** The rules of each shed, by shed id (an empty list for a shed without any). */
  async rulesOf(db: DbOrTx, shedIds: readonly number[]): Promise<Map<number, ShedRule[]>> {
    const now = Date.now();
    const out = new Map<number, ShedRule[]>();
    const missing: number[] = [];
    for (const id of shedIds) {
      const hit = this.byShed.get(id);
      if (hit && now - hit.at <= this.ttlMs) out.set(id, hit.rules);
      else missing.push(id);
    }
    if (missing.length === 0) return out;
    const keep = await this.sessions.heard();
    const generation = this.sessions.generation;
    const read = await thresholdRules(db, missing);
    const kept = keep && generation === this.sessions.generation;
    for (const [id, rules] of read) {
      out.set(id, rules);
      if (kept) this.byShed.set(id, { rules, at: now });
    }
    return out;
  }
}

const caches = new WeakMap<Deps, RuleCache>();

/** The app's rule cache (one per app: several apps in one test process stay apart). */
export function ruleCache(deps: Deps): RuleCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new RuleCache(deps.sessions);
    caches.set(deps, cache);
  }
  return cache;
}
