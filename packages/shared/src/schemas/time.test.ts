import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DAY_MS, QUERY_RANGE_MAX_DAYS } from '../constants.js';
import { alarmPageQuery } from '../alarms/schemas.js';
import { alarmRankQuery } from '../alarms/reports.js';
import { pushEmailPageQuery } from '../alarms/push-lists.js';
import { feedRecordsQuery } from '../feeding/record-endpoints.js';
import { recordsExportQuery } from './environment.js';
import { dateTimeInput, withinQueryRange } from './time.js';

const range = z.strictObject({ startTime: dateTimeInput, endTime: dateTimeInput }).superRefine(withinQueryRange);
const start = Date.UTC(2026, 10, 1);

function issues(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('withinQueryRange (SPEC §5/§9: a query spans at most 30 days)', () => {
  it('takes exactly 30 days and refuses a millisecond more, on endTime', () => {
    expect(issues(range, { startTime: start, endTime: start + QUERY_RANGE_MAX_DAYS * DAY_MS })).toEqual([]);
    expect(issues(range, { startTime: start, endTime: start + QUERY_RANGE_MAX_DAYS * DAY_MS + 1 })).toEqual([
      { path: 'endTime', message: 'validation.rangeMaxDays' },
    ]);
  });

  it('leaves an end before the start to the service (20027) and a bad time to its own field', () => {
    expect(issues(range, { startTime: start, endTime: start - DAY_MS })).toEqual([]);
    expect(issues(range, { startTime: 'yesterday', endTime: start + 90 * DAY_MS })).toEqual([
      { path: 'startTime', message: 'validation.invalid' },
    ]);
  });

  it('is the rule of every ranged list: alarms, ranking, push records, feeding records, environment records', () => {
    const far = { startTime: String(start), endTime: String(start + 31 * DAY_MS) };
    const cases: [z.ZodType, Record<string, unknown>][] = [
      [alarmPageQuery, {}],
      [alarmRankQuery, { farmId: '1' }],
      [pushEmailPageQuery, {}],
      [feedRecordsQuery, { farmId: '1' }],
      [recordsExportQuery, { shedId: '1', kind: 'temp' }],
    ];
    for (const [schema, rest] of cases) {
      expect(issues(schema, { ...rest, ...far }).filter((i) => i.path === 'endTime')).toEqual([
        { path: 'endTime', message: 'validation.rangeMaxDays' },
      ]);
    }
  });
});
