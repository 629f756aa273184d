import { describe, expect, it } from 'vitest';
import { notEatenDay } from './feed-alarm-rules.js';
import type { FeederDay } from './feeder-days.js';

const TODAY = '2026-11-28';
const YESTERDAY = '2026-11-27';
const day = (d: string, planned: number, dispensed: number, refused = false): FeederDay => ({ day: d, planned, dispensed, refused });

describe('not eaten alarm day', () => {
  it('stands for today when she refused today, whatever yesterday was', () => {
    expect(notEatenDay(day(TODAY, 6000, 300, true), day(YESTERDAY, 6000, 6000), TODAY, 80)).toBe(TODAY);
    expect(notEatenDay(day(TODAY, 6000, 300, true), undefined, TODAY, 80)).toBe(TODAY);
  });

  it('stands for yesterday when that finished day was low or refused and nothing fell today', () => {
    expect(notEatenDay(undefined, day(YESTERDAY, 6000, 1000), TODAY, 80)).toBe(YESTERDAY);
    expect(notEatenDay(day(TODAY, 6000, 0), day(YESTERDAY, 6000, 6000, true), TODAY, 80)).toBe(YESTERDAY);
  });

  it('is none once she eats today or when yesterday was fine', () => {
    expect(notEatenDay(day(TODAY, 6000, 500), day(YESTERDAY, 6000, 1000), TODAY, 80)).toBeNull();
    expect(notEatenDay(undefined, day(YESTERDAY, 6000, 5000), TODAY, 80)).toBeNull();
    expect(notEatenDay(undefined, undefined, TODAY, 80)).toBeNull();
    // A day without a plan is never low.
    expect(notEatenDay(undefined, day(YESTERDAY, 0, 0), TODAY, 80)).toBeNull();
  });
});
