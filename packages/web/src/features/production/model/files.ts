import { ErrorCodes, type SaveOutcome } from '@farmsense/shared';
import { API_BASE } from '../../../app/api/client';
import { toast } from '../../../app/api/toast';
import { errorMessage } from '../../../app/i18n/i18n';
import { failureText, fileHeaders } from '../../../ui/download';

/**
 * Excel templates, exports and imports. Downloads are the shared one (ui/download.ts); an upload
 * is multipart, so it goes through fetch here rather than the JSON client, with the same headers
 * and the same refusal toast.
 */
export { downloadFile } from '../../../ui/download';

/** Uploads an .xlsx for import; resolves with the outcome (good rows saved, bad rows listed), or null. */
export async function uploadImport(
  path: string,
  file: File,
  fields: Record<string, string | number | undefined> = {},
): Promise<SaveOutcome | null> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: fileHeaders(false), body: form });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  const env = (await res.json().catch(() => null)) as { code?: number; data?: SaveOutcome } | null;
  if (env?.code === ErrorCodes.SUCCESS && env.data) return env.data;
  toast.error(failureText(env));
  return null;
}
