import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { codesForModules } from '@farmsense/shared';
import { functionTree, treeCodes } from './components/FunctionTree';
import { validityState, validityToForm, validityToWire } from './validity';

const now = dayjs('2026-06-01T12:00:00Z');
const none = { accountValidYears: null, accountValidStartDateTime: null, accountValidEndDateTime: null };

describe('validity of an authorization', () => {
  it('reads permanent, until, expired, not started, and years counted from the start or the creation', () => {
    expect(validityState(none, '2025-01-01T00:00:00Z', now)).toEqual({ kind: 'permanent' });
    const until = validityState({ ...none, accountValidEndDateTime: '2027-01-01T00:00:00Z' }, '2025-01-01T00:00:00Z', now);
    expect(until.kind).toBe('until');
    expect(validityState({ ...none, accountValidEndDateTime: '2026-05-01T00:00:00Z' }, '2025-01-01T00:00:00Z', now).kind).toBe('expired');
    expect(validityState({ ...none, accountValidStartDateTime: '2026-07-01T00:00:00Z' }, '2025-01-01T00:00:00Z', now).kind).toBe(
      'notStarted',
    );
    const years = validityState({ ...none, accountValidYears: 1 }, '2025-01-01T00:00:00Z', now);
    expect(years).toMatchObject({ kind: 'expired' });
    const fromStart = validityState(
      { ...none, accountValidYears: 2, accountValidStartDateTime: '2025-03-01T00:00:00Z' },
      '2020-01-01T00:00:00Z',
      now,
    );
    expect(fromStart.kind === 'until' && fromStart.end.toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('round-trips the form: years keep their start, a period covers whole days, permanent sends nulls', () => {
    const years = validityToForm(3, '2026-01-10T00:00:00Z', null);
    expect(years.validityMode).toBe('years');
    expect(validityToWire(years)).toEqual({ years: 3, start: dayjs('2026-01-10T00:00:00Z').startOf('day').valueOf(), end: null });
    expect(validityToWire({ validityMode: 'years', validYears: 1, validFrom: null })).toEqual({ years: 1, start: null, end: null });
    const from = dayjs('2026-02-01T15:00');
    const to = dayjs('2026-02-28T09:00');
    expect(validityToWire({ validityMode: 'period', validPeriod: [from, to] })).toEqual({
      years: null,
      start: dayjs('2026-02-01T00:00:00').valueOf(),
      end: dayjs('2026-02-28T23:59:59.999').valueOf(),
    });
    expect(validityToForm(null, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z').validityMode).toBe('period');
    expect(validityToWire(validityToForm(null, null, null))).toEqual({ years: null, start: null, end: null });
  });
});

describe('API function tree', () => {
  it('holds exactly the codes the tenant modules open, as the server checks them', () => {
    for (const modules of [['pig'], ['chicken'], ['group'], ['pig', 'chicken', 'group']]) {
      expect([...treeCodes(functionTree(modules))].sort()).toEqual([...codesForModules(modules)].sort());
    }
    const pigOnly = treeCodes(functionTree(['pig']));
    expect(pigOnly.has('pig.overview.shed')).toBe(true);
    expect(pigOnly.has('ci18.overview.shed')).toBe(false);
    expect(pigOnly.has('platform.tenants')).toBe(false);
  });
});
