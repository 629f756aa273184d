import { AppError, ErrorCodes } from '@farmsense/shared';

type Instant = Date | number;

/**
 * Refuses a range whose end comes before its start (20027 END_BEFORE_START). `emptyAllowed`: an
 * end equal to the start is a valid (empty) range, else it is refused too. `field` names the
 * field at fault in the answer's data (`{ field: 'endTime' }`) where the route has always said so.
 * A missing start or end (an open filter) is no range to check.
 */
export function refuseEndBeforeStart(
  start: Instant | null | undefined,
  end: Instant | null | undefined,
  opts: { emptyAllowed: boolean; field?: string },
): void {
  if (start == null || end == null) return;
  const s = typeof start === 'number' ? start : start.getTime();
  const e = typeof end === 'number' ? end : end.getTime();
  if (opts.emptyAllowed ? e < s : e <= s) {
    throw new AppError(ErrorCodes.END_BEFORE_START, opts.field ? { data: { field: opts.field } } : {});
  }
}
