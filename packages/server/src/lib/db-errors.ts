/**
 * The unique constraint a failed insert or update ran into, or null for any other error. Checks
 * done before a write can race with a parallel request; the constraint is the last word, so its
 * violation is turned into the same code as the check. drizzle wraps the driver's error (pg and
 * PGlite both report SQLSTATE 23505 with the constraint name) in `cause`.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/**
 * The catch of a write whose checks ran before it: per unique index, the error its check throws.
 * A parallel request that won the race meets the index instead of the check, and answers alike;
 * any other error is thrown on. `const raced = lostRace({ farms_tenant_name_uq: nameTaken })`,
 * then `.catch(raced)` or `catch (err) { return raced(err); }`.
 */
export function lostRace(answers: Readonly<Record<string, () => Error>>): (err: unknown) => never {
  return (err) => {
    const index = uniqueViolation(err);
    const answer = index !== null && Object.hasOwn(answers, index) ? answers[index] : undefined;
    throw answer ? answer() : err;
  };
}
