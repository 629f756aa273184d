import { describe, expect, it } from 'vitest';
import { readSheet, serialToText, unzip } from '../test/xlsx-reader.js';
import { crc32, writeXlsx, zip } from './xlsx.js';

describe('xlsx writer', () => {
  it('computes the ZIP checksum (CRC-32)', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes a ZIP archive that reads back', () => {
    const files = unzip(zip([{ name: 'a.txt', data: Buffer.from('hello') }, { name: 'dir/ü.xml', data: Buffer.from('<x/>'.repeat(1000)) }]));
    expect([...files.keys()]).toEqual(['a.txt', 'dir/ü.xml']);
    expect(files.get('a.txt')!.toString()).toBe('hello');
    expect(files.get('dir/ü.xml')!.length).toBe(4000);
  });

  it('writes header, numbers, text, dates and gaps, escaping XML and dropping control characters', () => {
    const file = writeXlsx({
      name: 'Temp: [a/b]',
      header: ['Time', 'Temp <1> & "x"', 'Note'],
      rows: [[new Date(Date.UTC(2026, 8, 1, 8, 30)), 20.5, null], [new Date(Date.UTC(2026, 8, 1, 9)), -1, 'a\u0001b']],
    });
    const parts = unzip(file);
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml',
    ]);
    expect(parts.get('xl/workbook.xml')!.toString()).toContain('<sheet name="Temp   a b " sheetId="1" r:id="rId1"/>');
    const rows = readSheet(file);
    expect(rows[0]).toEqual(['Time', 'Temp <1> & "x"', 'Note']);
    expect([serialToText(rows[1]![0]!), rows[1]![1]]).toEqual(['2026-09-01 08:30:00', '20.5']);
    expect(rows[1]).toHaveLength(2);
    expect(rows[2]!.slice(1)).toEqual(['-1', 'ab']);
  });
});
