import { describe, expect, it } from 'vitest';
import { parseCell, type SheetColumn } from './sheets.js';

const feed: SheetColumn = { key: 'feedKg', label: 'records.feed.feedKg', type: 'number' };
const dead: SheetColumn = { key: 'dead', label: 'records.stock.dead', type: 'int' };

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
