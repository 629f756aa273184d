import { readSheet as libReadSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { readSheet as textRows, serialToText } from '../test/xlsx-reader.js';
import { readXlsx, writeXlsx, XlsxReadError } from './xlsx.js';

describe('xlsx writer and reader', () => {
  it('writes header, numbers, text, dates and gaps, dropping control characters', async () => {
    const file = await writeXlsx({
      name: 'Temp: [a/b]',
      header: ['Time', 'Temp <1> & "x"', 'Note', 'Day'],
      rows: [
        [new Date(Date.UTC(2026, 8, 1, 8, 30)), 20.5, null, new Date(Date.UTC(2026, 8, 1))],
        [new Date(Date.UTC(2026, 8, 1, 9)), -1, 'a\u0001b', null],
      ],
      dateFormats: [undefined, undefined, undefined, 'yyyy-mm-dd'],
    });
    const rows = await libReadSheet(file);
    expect(rows[0]).toEqual(['Time', 'Temp <1> & "x"', 'Note', 'Day']);
    expect(rows[1]).toEqual([new Date(Date.UTC(2026, 8, 1, 8, 30)), 20.5, null, new Date(Date.UTC(2026, 8, 1))]);
    expect(rows[2]).toEqual([new Date(Date.UTC(2026, 8, 1, 9)), -1, 'ab', null]);
    // The plain test reader other suites use sees the same cells (date-times as serial numbers).
    const plain = textRows(file);
    expect(plain[0]).toEqual(['Time', 'Temp <1> & "x"', 'Note', 'Day']);
    expect([serialToText(plain[1]![0]!), plain[1]![1]]).toEqual(['2026-09-01 08:30:00', '20.5']);
  });

  it('reads rows back keeping inner empty rows in place and skipping non-finite numbers', async () => {
    const file = await writeXlsx({
      name: 'S',
      header: ['A', 'B'],
      rows: [
        [null, null],
        ['x', 1],
        [Number.NaN, true],
      ],
    });
    const rows = await readXlsx(file);
    expect(rows).toEqual([
      ['A', 'B'],
      [null, null],
      ['x', 1],
      [null, true],
    ]);
  });

  it('names the sheet without the characters Excel refuses', async () => {
    const file = await writeXlsx({ name: 'Temp: [a/b]', header: ['A'], rows: [] });
    const { unzip } = await import('../test/xlsx-reader.js');
    expect(unzip(file).get('xl/workbook.xml')!.toString()).toContain('name="Temp   a b "');
  });

  it('refuses bytes that are not a workbook', async () => {
    await expect(readXlsx(Buffer.from('not a spreadsheet at all'))).rejects.toBeInstanceOf(XlsxReadError);
    await expect(readXlsx(Buffer.alloc(0))).rejects.toBeInstanceOf(XlsxReadError);
  });
});
