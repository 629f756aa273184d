import { ErrorCodes, type EnvKind } from '@farmsense/shared';
import { API_BASE } from '../../../app/api/client';
import { toast } from '../../../app/api/toast';
import { errorMessage, hasKey, tk } from '../../../app/i18n/i18n';
import { appState } from '../../../app/stores/appStore';

/**
 * Excel export of environment records. A plain link cannot carry the `token` header, so the file
 * is fetched, kept as a blob and handed to the browser as a download, named as the server named
 * it (Content-Disposition, the UTF-8 `filename*` form first so Chinese or Thai shed names survive).
 */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** What went wrong, from the JSON envelope the server sends instead of a file. */
function failureText(body: unknown): string {
  const env = body as { code?: number; data?: { issues?: { key?: string }[] } } | null;
  const key = env?.data?.issues?.find((i) => i.key && hasKey(i.key))?.key;
  if (key) return tk(key);
  return errorMessage(env?.code ?? ErrorCodes.FAILED);
}

export interface RecordsExport {
  shedId: number;
  kind: EnvKind;
  startTime: number;
  endTime: number;
}

/** Downloads the records as .xlsx; resolves with the file name, or null after telling the user why not. */
export async function downloadRecords(q: RecordsExport, save: (blob: Blob, name: string) => void = saveBlob): Promise<string | null> {
  const { token, locale } = appState();
  const headers: Record<string, string> = { 'Accept-Language': locale };
  if (token) headers.token = token;
  const params = new URLSearchParams({ shedId: String(q.shedId), kind: q.kind, startTime: String(q.startTime), endTime: String(q.endTime) });
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/environment/records/export?${params.toString()}`, { headers });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body: unknown = await res.json().catch(() => null);
    toast.error(failureText(body));
    return null;
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition'), `${q.kind}-records.xlsx`);
  save(await res.blob(), name);
  return name;
}

export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a little later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
