import { ErrorCodes, type SaveOutcome } from '@farmsense/shared';
import { API_BASE } from '../../../app/api/client';
import { toast } from '../../../app/api/toast';
import { errorMessage } from '../../../app/i18n/i18n';
import { appState } from '../../../app/stores/appStore';
import { filenameFromDisposition, saveBlob } from '../../environment/model/download';

/**
 * Excel templates, exports and imports. A link cannot carry the `token` header and an upload is
 * multipart, so both go through fetch here rather than the JSON client; the envelope rules are the
 * same (a refusal is told as a toast with the code's message).
 */
function headers(json: boolean): Record<string, string> {
  const { token, locale } = appState();
  const h: Record<string, string> = { 'Accept-Language': locale };
  if (token) h.token = token;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

function query(q: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function refusal(res: Response): Promise<void> {
  const env = (await res.json().catch(() => null)) as { code?: number } | null;
  toast.error(errorMessage(env?.code ?? ErrorCodes.FAILED));
}

/** Downloads a file (template or export); resolves with its name, or null after telling why not. */
export async function downloadFile(
  path: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown; query?: Record<string, string | number | undefined>; fallback: string },
  save: (blob: Blob, name: string) => void = saveBlob,
): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${query(opts.query)}`, {
      method: opts.method ?? 'GET',
      headers: headers(opts.body !== undefined),
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('json')) {
    await refusal(res);
    return null;
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition'), opts.fallback);
  save(await res.blob(), name);
  return name;
}

/** Uploads an .xlsx for import; resolves with the outcome (good rows saved, bad rows listed), or null. */
export async function uploadImport(path: string, file: File, fields: Record<string, string | number | undefined> = {}): Promise<SaveOutcome | null> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: headers(false), body: form });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  const env = (await res.json().catch(() => null)) as { code?: number; data?: SaveOutcome } | null;
  if (env?.code === ErrorCodes.SUCCESS && env.data) return env.data;
  toast.error(errorMessage(env?.code ?? ErrorCodes.FAILED));
  return null;
}
