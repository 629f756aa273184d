import { describe, expect, it } from 'vitest';
import { AppError, ErrorCodes } from '@farmsense/shared';
import { refuseEndBeforeStart } from './time-order.js';

function refusal(fn: () => void): { code: number; data: unknown } | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { code: e.code, data: e.data };
  }
}

describe('refuseEndBeforeStart', () => {
  it('refuses an end before the start, and an end at the start unless an empty range is allowed', () => {
    expect(refusal(() => refuseEndBeforeStart(10, 9, { emptyAllowed: true }))).toEqual({ code: ErrorCodes.END_BEFORE_START, data: null });
    expect(refusal(() => refuseEndBeforeStart(10, 10, { emptyAllowed: true }))).toBeNull();
    expect(refusal(() => refuseEndBeforeStart(10, 10, { emptyAllowed: false }))).toEqual({ code: 20027, data: null });
    expect(refusal(() => refuseEndBeforeStart(10, 11, { emptyAllowed: false }))).toBeNull();
  });
  it('reads Dates and numbers alike and names the field when asked', () => {
    const start = new Date('2026-11-02T00:00:00Z');
    const end = new Date('2026-11-01T00:00:00Z');
    expect(refusal(() => refuseEndBeforeStart(start, end, { emptyAllowed: true, field: 'endTime' }))).toEqual({
      code: 20027,
      data: { field: 'endTime' },
    });
    expect(refusal(() => refuseEndBeforeStart(start.getTime(), new Date(start), { emptyAllowed: true }))).toBeNull();
  });
  it('leaves an open range (no start or no end) alone', () => {
    expect(refusal(() => refuseEndBeforeStart(undefined, 5, { emptyAllowed: false }))).toBeNull();
    expect(refusal(() => refuseEndBeforeStart(new Date(), null, { emptyAllowed: false }))).toBeNull();
  });
});
