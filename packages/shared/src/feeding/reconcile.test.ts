import { describe, expect, it } from 'vitest';
import { feedReconcileQuery, reconcileGap, RECONCILE_TOLERANCE_PCT, shareOut } from './reconcile-endpoints.js';

describe('feed reconciliation rules', () => {
  it('the gap is silo consumption minus dispensed, in kg and in % of dispensed, flagged beyond 5 %', () => {
    expect(RECONCILE_TOLERANCE_PCT).toBe(5);
    // 105 kg drawn, 100 kg dispensed: +5 kg, +5.0 %, exactly at the tolerance: not flagged.
    expect(reconcileGap(105, 100)).toEqual({ gapKg: 5, gapPct: 5, flagged: false });
    // 105.1 against 100: +5.1 %, flagged.
    expect(reconcileGap(105.1, 100)).toEqual({ gapKg: 5.1, gapPct: 5.1, flagged: true });
    // 180 drawn, 200 dispensed: -20 kg, -10 %: flagged (the load cells missed feed, or a wrong bin).
    expect(reconcileGap(180, 200)).toEqual({ gapKg: -20, gapPct: -10, flagged: true });
    // 412.34 against 400: +12.3 kg, +3.1 %.
    expect(reconcileGap(412.34, 400)).toEqual({ gapKg: 12.3, gapPct: 3.1, flagged: false });
    // A tighter tolerance of 2 % flags that.
    expect(reconcileGap(412.34, 400, 2).flagged).toBe(true);
  });

  it('with nothing dispensed there is no gap %, and a draw of 1 kg or more is flagged', () => {
    expect(reconcileGap(0, 0)).toEqual({ gapKg: 0, gapPct: null, flagged: false });
    expect(reconcileGap(0.6, 0)).toEqual({ gapKg: 0.6, gapPct: null, flagged: false });
    expect(reconcileGap(30, 0)).toEqual({ gapKg: 30, gapPct: null, flagged: true });
  });

  it('a silo feeding several houses shares its kg by what each dispensed, equally when none did', () => {
    expect(shareOut(900, [200, 100])).toEqual([600, 300]);
    expect(shareOut(900, [0, 0, 0])).toEqual([300, 300, 300]);
    expect(shareOut(50, [0, 40])).toEqual([0, 50]);
    expect(shareOut(10, [])).toEqual([]);
  });

  it('the query takes a farm, an optional house and at most the feeding reports range', () => {
    const start = Date.UTC(2026, 10, 1);
    const ok = feedReconcileQuery.safeParse({ farmId: '5', startTime: String(start), endTime: String(start + 7 * 86_400_000) });
    expect(ok.success).toBe(true);
    const long = feedReconcileQuery.safeParse({ farmId: '5', startTime: String(start), endTime: String(start + 40 * 86_400_000) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ path: ['endTime'], message: 'validation.rangeMaxDays' });
    expect(feedReconcileQuery.safeParse({ farmId: '5', startTime: String(start), endTime: String(start), extra: 1 }).success).toBe(false);
  });
});
