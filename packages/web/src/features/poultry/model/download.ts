import { ErrorCodes } from '@farmsense/shared';
import { API_BASE } from '../../../app/api/client';
import { toast } from '../../../app/api/toast';
import { errorMessage } from '../../../app/i18n/i18n';
import { appState } from '../../../app/stores/appStore';
import { filenameFromDisposition, saveBlob } from '../../environment/model/download';
import type { ReportRequest } from '../api';

/**
 * Excel export of a report (POST /flockReport/export with the report's own request and its code).
 * The token travels in a header, so the file is fetched as a blob and handed to the browser under
 * the name the server gave it; a JSON answer instead of a file is an error shown as a toast.
 */
export async function downloadReport(report: string, q: ReportRequest, save: (blob: Blob, name: string) => void = saveBlob): Promise<string | null> {
  const { token, locale } = appState();
  const headers: Record<string, string> = { 'Accept-Language': locale, 'Content-Type': 'application/json' };
  if (token) headers.token = token;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/breedpigbuilding/flockReport/export`, { method: 'POST', headers, body: JSON.stringify({ ...q, report }) });
  } catch {
    toast.error(errorMessage(ErrorCodes.FAILED));
    return null;
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    toast.error(errorMessage(body?.code ?? ErrorCodes.FAILED));
    return null;
  }
  const name = filenameFromDisposition(res.headers.get('content-disposition'), `${report}.xlsx`);
  save(await res.blob(), name);
  return name;
}
