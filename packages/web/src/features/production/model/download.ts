import { downloadFile, saveBlob, type SaveFile } from '../../../ui/download';
import { productionReportsApi } from '@farmsense/shared';
import { reportBodyOf, type ReportRequest } from '../reportsApi';

/**
 * Excel export of a report (POST /flockReport/export with the report's own request and its code),
 * fetched and saved under the name the server gave it (ui/download.ts).
 */
export function downloadReport(report: string, q: ReportRequest, save: SaveFile = saveBlob): Promise<string | null> {
  const body = { ...reportBodyOf(q), report };
  return downloadFile(productionReportsApi.export.path, { method: 'POST', body, fallback: `${report}.xlsx` }, save);
}
