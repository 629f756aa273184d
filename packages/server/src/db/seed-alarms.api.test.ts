import { describe, expect, it } from 'vitest';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { seedAlarmHistory, seedAlarmRules } from './seed-alarms.js';
import { seedHistory } from './seed-history.js';

/**
 * Demo alarms: rules per shed type and age stage for the demo tenant (seedDemo), and an alarm
 * history that is the evaluator run over the stored demo readings: each alarm's raising value is
 * a stored reading above its limit, and a second run adds nothing.
 */
describe(`demo alarm rules and history (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = withDemoStore((made) => (ctx = made));

  it('seeds groups per farm and shed type with staged rules, once', async () => {
    const groups = await q<{ shed_type: number; rules: number; stages: number }>(
      `SELECT g.shed_type, count(DISTINCT r.id)::int AS rules, count(s.id)::int AS stages
         FROM alarm_rule_groups g JOIN alarm_rules r ON r.group_id = g.id LEFT JOIN alarm_rule_stages s ON s.rule_id = r.id
        GROUP BY g.shed_type ORDER BY g.shed_type`,
    );
    expect(groups.map((g) => g.shed_type)).toEqual([2, 3, 4, 1001, 1002]);
    // Broilers: 4 own rules (hot by week of age, off the target, humidity, rising fast) and the 5 common ones.
    expect(groups.find((g) => g.shed_type === 1001)).toMatchObject({ rules: 9 });
    const kinds = await q<{ kind: string }>(`SELECT DISTINCT kind FROM alarm_rules ORDER BY kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['commandFailed', 'noData', 'offline', 'rateOfChange', 'threshold']);
    expect(await seedAlarmRules(ctx.database.db)).toBe(false);
  });

  // The whole 60-day demo history through the evaluator: 88 s on this 2-core machine at load 12 (2026-11-29).
  it('turns the stored readings into alarms that match them, and a second run adds none', { timeout: 300_000 }, async () => {
    const history = await seedHistory(ctx.database);
    expect(history?.gateways).toBe(6);
    const evaluated = await seedAlarmHistory(ctx.deps);
    expect(evaluated).toBeGreaterThan(6 * 60 * 24);
    const rows = await q<{ kind: string; key: string; rule_name: string; n: number }>(
      `SELECT kind, key, rule_name, count(*)::int AS n FROM alarms GROUP BY 1, 2, 3 ORDER BY 4 DESC`,
    );
    const total = rows.reduce((n, r) => n + r.n, 0);
    // Over 60 days the simulated houses leave their bands now and then (some 35 alarms at this writing).
    expect(total).toBeGreaterThan(0);
    // Each threshold alarm was raised by a stored reading of its key at its start, beyond its limit.
    const [mismatch] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarms a
        WHERE a.kind = 'threshold' AND NOT EXISTS (
          SELECT 1 FROM telemetry t WHERE t.gateway_id = a.gateway_id AND t.key = a.key AND t.ts = a.reading_ts AND t.value = a.value
            AND ((a.high IS NOT NULL AND t.value >= a.high) OR (a.low IS NOT NULL AND t.value <= a.low)))`,
    );
    expect(mismatch!.n).toBe(0);
    await seedAlarmHistory(ctx.deps);
    const [again] = await q<{ n: number }>('SELECT count(*)::int AS n FROM alarms');
    expect(again!.n).toBe(total);
  });
});
