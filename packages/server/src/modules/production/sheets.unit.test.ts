import { describe, expect, it } from 'vitest';
import { withoutZone } from '../../lib/xlsx.js';
import { headerOf, parseCell, SHEETS, type SheetColumn } from './sheets.js';

const feed: SheetColumn = { key: 'feedKg', label: 'records.feed.feedKg', type: 'number', required: true };
const dead: SheetColumn = { key: 'dead', label: 'records.stock.dead', type: 'int', required: false };

describe('number cells of an imported sheet', () => {
  it('reads numbers typed as text without changing their magnitude', () => {
    expect(parseCell(feed, 120.5)).toEqual({ value: 120.5 });
    expect(parseCell(feed, '12,5')).toEqual({ value: 12.5 });
    expect(parseCell(feed, '12.5')).toEqual({ value: 12.5 });
    expect(parseCell(feed, '1,234.5')).toEqual({ value: 1234.5 });
    expect(parseCell(feed, ' 1 234 ')).toEqual({ value: 1234 });
    expect(parseCell(dead, '12，0')).toEqual({ value: 12 });
  });

  it('refuses text that is not a number, and a fraction where a count is meant', () => {
    expect(parseCell(feed, 'lots')).toEqual({ error: 'validation.number' });
    expect(parseCell(feed, '1,2,3')).toEqual({ error: 'validation.number' });
    expect(parseCell(dead, '12,5')).toEqual({ error: 'validation.integer' });
  });
});

describe('time zone in date-time headers', () => {
  const at = SHEETS.immune.find((c) => c.key === 'at')!;
  it('names the zone after the translated label of a date-time column only', () => {
    expect(headerOf('en-us', at, ['Asia/Shanghai'])).toBe('Vaccinated at (Asia/Shanghai)');
    expect(headerOf('en-us', feed, ['Asia/Shanghai'])).toBe(headerOf('en-us', feed));
    expect(headerOf('en-us', at)).toBe('Vaccinated at');
  });
  it('reads the label back from a zoned header, one or several zones, full-width brackets too', () => {
    expect(withoutZone('Vaccinated at (Asia/Shanghai)')).toBe('Vaccinated at');
    expect(withoutZone('Время (America/Argentina/Buenos_Aires, Etc/GMT+8)')).toBe('Время');
    expect(withoutZone('时间（Asia/Shanghai）')).toBe('时间');
    expect(withoutZone('Vaccinated at')).toBe('Vaccinated at');
  });
});
