import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  DISPLAY_KEYS,
  formatColumnLabel,
  formatPenLabel,
  formatShedLabel,
  penLabel,
  renderLabel,
  shedLabel,
  shedTypeKey,
} from './display.js';
import { translate } from './i18n/index.js';

describe('shed display labels (SPEC §3)', () => {
  it('joins area, building and shed numbers with the type in brackets', () => {
    expect(formatShedLabel({ areaNum: 1, buildingNum: 1, shedNum: 1 }, 'Broiler', 'Empty shed')).toBe('1-1-1 (Broiler)');
    expect(formatShedLabel({ areaNum: 2, buildingNum: 10, shedNum: 3 }, 'Farrowing', 'x')).toBe('2-10-3 (Farrowing)');
  });

  it('leaves the brackets out when the type is unknown', () => {
    expect(formatShedLabel({ areaNum: 1, buildingNum: 2, shedNum: 3 }, '', 'x')).toBe('1-2-3');
    expect(formatShedLabel({ areaNum: 1, buildingNum: 2, shedNum: 3 }, null, 'x')).toBe('1-2-3');
  });

  it('shows an empty shed when every number is zero or missing', () => {
    expect(formatShedLabel({ areaNum: 0, buildingNum: 0, shedNum: 0 }, 'Broiler', 'Empty shed')).toBe('Empty shed');
    expect(formatShedLabel({ areaNum: '0', buildingNum: null, shedNum: undefined }, 'Layer', 'Empty shed')).toBe('Empty shed');
  });

  it('keeps a zero among other numbers', () => {
    expect(formatShedLabel({ areaNum: 0, buildingNum: 0, shedNum: 4 }, 'Layer', 'x')).toBe('0-0-4 (Layer)');
  });

  it('labels pens with four numbers, all zero being an empty pen', () => {
    expect(formatPenLabel({ areaNum: 1, buildingNum: 2, shedNum: 3 }, 4, 'Nursery', 'Empty pen')).toBe('1-2-3-4 (Nursery)');
    expect(formatPenLabel({ areaNum: 0, buildingNum: 0, shedNum: 0 }, 0, 'Nursery', 'Empty pen')).toBe('Empty pen');
    expect(formatPenLabel({ areaNum: 0, buildingNum: 0, shedNum: 0 }, 5, 'Nursery', 'Empty pen')).toBe('0-0-0-5 (Nursery)');
  });

  it('labels columns by column and row, both blank being an empty column', () => {
    expect(formatColumnLabel(3, 12, 'Empty column')).toBe('3-12');
    expect(formatColumnLabel('A', '', 'Empty column')).toBe('A');
    expect(formatColumnLabel(null, 7, 'Empty column')).toBe('7');
    expect(formatColumnLabel('', null, 'Empty column')).toBe('Empty column');
    expect(formatColumnLabel(undefined, '  ', 'Empty column')).toBe('Empty column');
    expect(formatColumnLabel(0, 0, 'Empty column')).toBe('Empty column');
  });

  it('returns i18n keys and parts, never text', () => {
    expect(shedLabel({ areaNum: 1, buildingNum: 2, shedNum: 3, shedType: 1001 })).toEqual({
      kind: 'numbers',
      parts: ['1', '2', '3'],
      typeKey: 'enums.poultryShedType.1001',
    });
    expect(shedLabel({ areaNum: 0, buildingNum: 0, shedNum: 0, shedType: 2 })).toEqual({ kind: 'empty', key: DISPLAY_KEYS.emptyShed });
    expect(penLabel({ areaNum: 1, buildingNum: 0, shedNum: 2, shedType: 2 }, 7)).toEqual({
      kind: 'numbers',
      parts: ['1', '0', '2', '7'],
      typeKey: 'enums.pigShedType.2',
    });
    expect(penLabel({ areaNum: 0, buildingNum: 0, shedNum: 0 }, 0)).toEqual({ kind: 'empty', key: DISPLAY_KEYS.emptyPen });
    expect(columnLabel(0, 0)).toEqual({ kind: 'empty', key: DISPLAY_KEYS.emptyColumn });
    expect(columnLabel(4, 0)).toEqual({ kind: 'numbers', parts: ['4'], typeKey: null });
    expect(shedTypeKey(0)).toBe('enums.pigShedType.0');
    expect(shedTypeKey(null)).toBeNull();
  });

  it('renders with the catalogue in every language, every key existing', () => {
    const en = (k: string): string => translate('en-us', k);
    expect(renderLabel(shedLabel({ areaNum: 1, buildingNum: 1, shedNum: 1, shedType: 1001 }), en)).toBe(
      `1-1-1 (${en('enums.poultryShedType.1001')})`,
    );
    expect(renderLabel(shedLabel({ areaNum: 0, buildingNum: 0, shedNum: 0 }), en)).toBe('Empty house');
    for (const locale of ['zh-cn', 'en-us', 'vi', 'th', 'ru'] as const) {
      for (const key of [...Object.values(DISPLAY_KEYS), shedTypeKey(2)!, shedTypeKey(2000)!]) {
        expect(translate(locale, key)).not.toBe(key);
      }
    }
  });
});
