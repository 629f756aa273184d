import { describe, expect, it } from 'vitest';
import { PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { containsText, escapeLike } from './text-search.js';

const t = pgTable('t', { a: text('a'), b: text('b') });
const dialect = new PgDialect();

describe('keyword search', () => {
  it('takes %, _ and \\ literally', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('searches one column, or any of several, case-insensitively', () => {
    const one = dialect.sqlToQuery(containsText('x%', t.a));
    expect(one.sql).toBe('"t"."a" ilike $1');
    expect(one.params).toEqual(['%x\\%%']);
    const two = dialect.sqlToQuery(containsText('y', t.a, t.b));
    expect(two.sql).toBe('("t"."a" ilike $1 or "t"."b" ilike $2)');
    expect(two.params).toEqual(['%y%', '%y%']);
  });
});
