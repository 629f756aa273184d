import type { FormInstance } from 'antd';
import { ApiError } from '../app/api/client';
import { errorMessage } from '../app/i18n/i18n';
import { reportFormError } from './serverIssues';

/** The field(s) a refusal's code is written under; a function picks it from the refusal's data. */
export type FieldOfCode = string | string[] | ((data: unknown) => string);

/**
 * Where a failed save is reported on an administration form. A server code that is about one
 * field (a name taken: 10008, 10010, 20000; a pen number taken: 20040) is also written under that
 * field, where the user will look when the 2-second toast is gone; 99996 field issues go under
 * their fields (src/ui/serverIssues.ts). Returns the code so the caller can react further
 * (e.g. keep a banner for 20101), or null when the call did not fail with a code.
 */
export function reportSaveError(form: FormInstance, err: unknown, fieldOfCode: Record<number, FieldOfCode> = {}): number | null {
  if (!(err instanceof ApiError)) return null;
  const of = fieldOfCode[err.code];
  if (of !== undefined) {
    const fields = typeof of === 'function' ? of(err.data) : of;
    const names = Array.isArray(fields) ? fields : [fields];
    form.setFields(names.map((name) => ({ name, errors: [errorMessage(err.code)] })));
    return err.code;
  }
  reportFormError(form, err);
  return err.code;
}

/** Blank optional texts are left out, as the shared schemas read them. */
export function optionalText(v: string | undefined | null): string | undefined {
  const s = v?.trim();
  return s ? s : undefined;
}
