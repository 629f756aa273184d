import type { FormInstance } from 'antd';
import { ErrorCodes, type DailyKind, type RowError } from '@farmsense/shared';
import { ApiError } from '../../../app/api/client';
import { errorMessage, hasKey, tk } from '../../../app/i18n/i18n';
import { reportFormError } from '../../../ui/serverIssues';

/**
 * Where a refused production save is shown. The codes about one field go under that field (the
 * server may name it in `data.field`, e.g. 20065 on `shedId` for a second current flock in a
 * house), so the message stays where the user looks after the toast is gone; 99996 issues go
 * under their fields through src/ui/serverIssues.ts.
 */
const DAY_CODES: readonly number[] = [
  ErrorCodes.DAY_OUTSIDE_FLOCK,
  ErrorCodes.DUPLICATE_DATE_AGE,
  ErrorCodes.GROWTH_DATA_EXISTS,
  ErrorCodes.DAY_DATA_EXISTS,
];

function namedField(err: ApiError): string | undefined {
  const data = err.data as { field?: unknown; issues?: { field?: unknown }[] } | null;
  if (typeof data?.field === 'string') return data.field;
  const issue = data?.issues?.find((i) => typeof i.field === 'string');
  return issue ? String(issue.field) : undefined;
}

/** The form field a code is about, on the flock form or a daily form of `kind`. */
export function fieldOfCode(code: number, form: 'flock' | DailyKind): string | undefined {
  if (form === 'flock') {
    if (code === ErrorCodes.FLOCK_EXISTS) return 'groupNo';
    if (code === ErrorCodes.FLOCK_COUNT_EXCEEDED) return 'femaleCount';
    if (code === ErrorCodes.HOUSE_NOT_FOUND) return 'shedId';
    // Closing: a stop date before the last record, or a flock closed meanwhile.
    if (code === ErrorCodes.DAY_OUTSIDE_FLOCK || code === ErrorCodes.FLOCK_EDIT_FAILED_70) return 'stopDate';
    return undefined;
  }
  if (DAY_CODES.includes(code)) return form === 'immune' || form === 'drug' ? 'at' : 'day';
  if (code === ErrorCodes.FLOCK_COUNT_EXCEEDED) return 'dead';
  if (code === ErrorCodes.FLOCK_TYPE_MISSING || code === ErrorCodes.DAILY_STOCK_IMPORT_NO_FLOCK) return 'flockId';
  return undefined;
}

/** Shows a refused save on the form; returns the code, or null when the call did not fail with one. */
export function reportProductionError(form: FormInstance, err: unknown, kind: 'flock' | DailyKind): number | null {
  if (!(err instanceof ApiError)) return null;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const named = namedField(err);
  const field = named && known.has(named) ? named : fieldOfCode(err.code, kind);
  if (err.code !== ErrorCodes.PARAM_ERROR && field && known.has(field)) {
    form.setFields([{ name: field, errors: [errorMessage(err.code)] }]);
    return err.code;
  }
  reportFormError(form, err);
  return err.code;
}

/** The message of one import or batch row error, in the console's language. */
export function rowErrorText(e: RowError): string {
  if (e.key && hasKey(e.key)) return tk(e.key);
  if (hasKey(`errors.${e.code}`)) return errorMessage(e.code);
  return e.msg || errorMessage(e.code);
}

/** The label of a row error's field: the kind's record label when there is one. */
export function rowFieldLabel(kind: 'flock' | DailyKind, field: string | undefined): string {
  if (!field) return '';
  for (const ns of [`records.${kind}.${field}`, `records.common.${field}`]) if (hasKey(ns)) return tk(ns);
  return field;
}
