import type { Deps } from '../../deps.js';
import type { DbOrTx } from '../../lib/limits.js';
import { WriteMemo } from '../../scope/write-memo.js';
import { thresholdRules, type ShedRule } from './batch.js';

/**
 * The limit and rate-of-change rules of each shed, kept between ingest batches: looking them up was
 * a sixth of the evaluator's time, for rules that change a few times a week. Rules, groups, stages
 * and sheds change only through the API, and every successful API write here or in another server
 * drops the session cache (scope/session-cache.ts), so the memo drops with it (WriteMemo); a lost
 * notification listener drops both. What was read while a write landed serves that batch only, and
 * on PostgreSQL nothing is kept until the other servers' writes are heard. 60 s is the backstop
 * for a change made behind the API (a database console).
 */
export class RuleCache {
  private readonly memo: WriteMemo<ShedRule[]>;

  constructor(sessions: Deps['sessions'], ttlMs = 60_000) {
    this.memo = new WriteMemo<ShedRule[]>(sessions, ttlMs);
  }

  /** The rules of each shed, by shed id (an empty list for a shed without any). */
  async rulesOf(db: DbOrTx, shedIds: readonly number[]): Promise<Map<number, ShedRule[]>> {
    const kept = await this.memo.getMany(
      shedIds.map(String),
      async (missing) => new Map([...(await thresholdRules(db, missing.map(Number)))].map(([id, rules]) => [String(id), rules])),
    );
    return new Map([...kept].map(([id, rules]) => [Number(id), rules]));
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
