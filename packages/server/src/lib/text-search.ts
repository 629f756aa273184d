import { ilike, or, type Column, type SQL } from 'drizzle-orm';

/** `%`, `_` and `\` of a user's search text taken literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The list filters' keyword search: `text` anywhere in any of the columns, case-insensitive, with
 * the user's `%` and `_` matching themselves (one rule for every list page).
 */
export function containsText(text: string, ...columns: [Column, ...Column[]]): SQL {
  const pattern = `%${escapeLike(text)}%`;
  const each = columns.map((c) => ilike(c, pattern));
  return each.length === 1 ? each[0]! : or(...each)!;
}
