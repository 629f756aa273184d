import { describe, expect, it } from 'vitest';
import { MAX_RACK_POSITIONS, positionPageQuery, rackAddBody, rackRunIssue } from './rack-schemas.js';

describe('feeding rack rules', () => {
  it('keeps the column rule: start not above end, at most the maximum positions', () => {
    expect(rackRunIssue({ startNo: 1, endNo: 1 })).toBeNull();
    expect(rackRunIssue({ startNo: 1, endNo: MAX_RACK_POSITIONS })).toBeNull();
    expect(rackRunIssue({ startNo: 5, endNo: 4 })).toEqual({ field: 'endNo', key: 'validation.endBeforeStart' });
    expect(rackRunIssue({ startNo: 1, endNo: MAX_RACK_POSITIONS + 1 })).toEqual({ field: 'endNo', key: 'validation.tooMany' });
  });

  it('takes whole position numbers from 1 and refuses unknown fields', () => {
    const ok = { shedId: 1, penId: 2, name: 'Row 1', startNo: 1, endNo: 6 };
    expect(rackAddBody.safeParse(ok).success).toBe(true);
    expect(rackAddBody.safeParse({ ...ok, startNo: 0 }).success).toBe(false);
    expect(rackAddBody.safeParse({ ...ok, endNo: 2.5 }).success).toBe(false);
    expect(rackAddBody.safeParse({ ...ok, endNo: '6' }).success).toBe(false);
    expect(rackAddBody.safeParse({ ...ok, extra: 1 }).success).toBe(false);
  });

  it('reads the position state filter with all as its default', () => {
    expect(positionPageQuery.parse({ shedId: '3' }).state).toBe('all');
    expect(positionPageQuery.parse({ shedId: '3', state: 'empty' }).state).toBe('empty');
    expect(positionPageQuery.safeParse({ shedId: '3', state: 'full' }).success).toBe(false);
  });
});
