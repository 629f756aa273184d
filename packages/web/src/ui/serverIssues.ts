import type { FormInstance } from 'antd';
import { ApiError } from '../app/api/client';
import { toast } from '../app/api/toast';
import { errorMessage, tk } from '../app/i18n/i18n';

interface Issue {
  field: string | null;
  key: string;
}

/**
 * A quiet HTTP 400 answer (SPEC §8) comes back to the form that sent it: its field issues are shown
 * under the fields; anything not tied to a field becomes a toast. Errors the client already
 * reported (toast or redirect) are left alone. `alias` names the form field of a request field
 * when the form holds it under another name (e.g. `accountValidYears` shown by `validYears`).
 */
export function reportFormError(form: FormInstance, err: unknown, alias: Record<string, string> = {}): void {
  if (!(err instanceof ApiError) || err.handled) return;
  const issues = ((err.data as { issues?: Issue[] } | null)?.issues ?? [])
    .filter((i) => i.field)
    .map((i) => {
      const [head, ...tail] = i.field!.split('.');
      return alias[head!] ? { ...i, field: [alias[head!], ...tail].join('.') } : i;
    });
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const fieldIssues = issues.filter((i) => known.has(i.field!.split('.')[0]!));
  if (fieldIssues.length === 0) {
    toast.error(errorMessage(err.code));
    return;
  }
  form.setFields(fieldIssues.map((i) => ({ name: i.field!.split('.')[0]!, errors: [tk(i.key)] })));
}
