import { inflateRawSync } from 'node:zlib';

/**
 * Reads back what tests export: the files of a ZIP archive (stored or deflated entries, via the
 * central directory) and the cells of an .xlsx sheet as text rows (numbers as written, inline
 * and shared strings resolved, XML entities decoded).
 */
export function unzip(buf: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip archive');
  const entries = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  for (let i = 0; i < entries; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const packed = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + packed);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Rows of the first sheet as arrays of cell texts (empty cells as ''). */
export function readSheet(xlsx: Buffer): string[][] {
  const files = unzip(xlsx);
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!sheet) throw new Error('no first sheet');
  const shared = [
    ...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>[\s\S]*?<t[^>]*>([\s\S]*?)<\/t>[\s\S]*?<\/si>/g),
  ].map((m) => decode(m[1]!));
  const col = (ref: string): number => [...ref.replace(/\d+$/, '')].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return [...sheet.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const c of row[1]!.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>([\s\S]*?)<\/c>/g)) {
      const attrs = c[2]!;
      const inner = c[3]!;
      let text: string;
      if (attrs.includes('t="inlineStr"')) text = decode(/<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1] ?? '');
      else if (attrs.includes('t="s"')) text = shared[Number(/<v>(.*?)<\/v>/.exec(inner)?.[1])] ?? '';
      else text = /<v>(.*?)<\/v>/.exec(inner)?.[1] ?? '';
      const i = col(c[1]!);
      while (cells.length < i) cells.push('');
      cells[i] = text;
    }
    return cells;
  });
}

/** An Excel serial date-time as the wall-clock time it shows, 'YYYY-MM-DD HH:mm:ss'. */
export function serialToText(serial: string | number): string {
  const ms = Math.round((Number(serial) - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The number format a cell of the first sheet shows (its style's format code), or null for a
 * cell with none: a real date cell is a number whose format writes a date ('yyyy-mm-dd hh:mm').
 */
export function cellFormat(xlsx: Buffer, ref: string): string | null {
  const files = unzip(xlsx);
  const sheet = files.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
  const styles = files.get('xl/styles.xml')?.toString('utf8') ?? '';
  const cell = new RegExp(`<c r="${ref}"([^>]*)>`).exec(sheet);
  if (!cell || /\bt="/.test(cell[1]!)) return null;
  const style = Number(/\bs="(\d+)"/.exec(cell[1]!)?.[1] ?? 0);
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1]?.matchAll(/<xf\b([^>]*)>/g) ?? [])];
  const fmtId = /numFmtId="(\d+)"/.exec(xfs[style]?.[1] ?? '')?.[1];
  if (!fmtId) return null;
  return decode(new RegExp(`<numFmt numFmtId="${fmtId}" formatCode="([^"]*)"`).exec(styles)?.[1] ?? '') || null;
}
