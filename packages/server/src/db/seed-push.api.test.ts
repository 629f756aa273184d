import { describe, expect, it } from 'vitest';
import type { Page, PushMessageRow, PushStrategyRow } from '@farmsense/shared';
import { TEST_DB, type TestContext } from '../test/harness.js';
import { withDemoStore } from '../test/demo-app.js';
import { call, tokenFor } from '../test/factories.js';
import { seedAlarmHistory } from './seed-alarms.js';
import { seedHistory } from './seed-history.js';
import { seedPushConfig, seedPushHistory } from './seed-push.js';

/**
 * Demo push: a strategy and a phone configuration per demo farm (seedDemo), and an outbox history
 * that follows the demo's alarm history: each message goes out after its alarms' send delay,
 * names only alarms of its episode, and a second run adds nothing.
 */
describe(`demo push strategies and outbox history (${TEST_DB})`, () => {
  let ctx: TestContext;
  const q = withDemoStore((made) => (ctx = made));

  it('seeds one strategy and one phone configuration per demo farm, once', async () => {
    const token = await tokenFor(ctx.database.db, 'demo');
    const page = await call<Page<PushStrategyRow>>(ctx, token, 'GET', '/api/warning/push/strategy/page');
    expect(page.data.list.map((s) => [s.farmName, s.methods, s.people.map((p) => p.name).at(-1)])).toEqual([
      ['Demo Pig Farm', ['email', 'sms', 'voice'], 'Demo Admin'],
      ['Demo Poultry Farm', ['email', 'sms', 'voice'], 'Demo Admin'],
    ]);
    const [phones] = await q<{ n: number }>('SELECT count(*)::int AS n FROM push_phone_configs');
    expect(phones!.n).toBe(2);
    expect(await seedPushConfig(ctx.database.db)).toBe(false);
  });

  // The whole 60-day demo history through the evaluator: 88 s on this 2-core machine at load 12 (2026-11-29).
  it('writes the outbox the strategies would have written for the alarm history', { timeout: 300_000 }, async () => {
    await seedHistory(ctx.database);
    await seedAlarmHistory(ctx.deps);
    const written = await seedPushHistory(ctx.database.db);
    const [old] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM alarms WHERE level IN (1, 2) AND started_at < now() - interval '1 day'`,
    );
    // Each episode is the alarms of one shed; each message after the send delay, naming alarms of its episode.
    const [bad] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM push_messages m JOIN push_episodes e ON e.id = m.episode_id
        WHERE m.created_at < e.opened_at + interval '60 seconds' OR NOT (e.alarm_ids @> m.alarm_ids) OR m.shed_id <> e.shed_id`,
    );
    expect(bad!.n).toBe(0);
    const [episodes] = await q<{ n: number; alarms: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(jsonb_array_length(alarm_ids)), 0)::int AS alarms FROM push_episodes`,
    );
    expect(episodes!.alarms).toBe(old!.n);
    const [sent] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM push_messages`);
    expect(sent!.n).toBe(written);
    if (old!.n > 0) expect(written).toBeGreaterThan(0);
    if (process.env.PUSH_SEED_FIGURES) console.info(`push seed: ${episodes!.n} notifications of ${old!.n} alarms, ${written} messages`);
    const token = await tokenFor(ctx.database.db, 'demo');
    const mails = await call<Page<PushMessageRow>>(ctx, token, 'GET', '/api/warning/push/record/email?pageSize=5');
    expect(mails.data.list.every((m) => m.status === 'success' && m.channel === 'outbox')).toBe(true);
    expect(await seedPushHistory(ctx.database.db)).toBe(0);
  });
});
