import { productionReportsApi } from '@farmsense/shared';
import { fileRequest, type FileRequest } from '../../../ui/download';
import { reportBodyOf, type ReportRequest } from '../reportsApi';

/**
 * Excel export of a report (POST /flockReport/export with the report's own request and its code),
 * saved under the name the server gave it (ui/ExportButton).
 */
export function reportExport(report: string, q: ReportRequest): FileRequest {
  return fileRequest(productionReportsApi.export, { body: { ...reportBodyOf(q), report } }, `${report}.xlsx`);
}
