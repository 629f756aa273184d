import { environmentApi, type EnvKind } from '@farmsense/shared';
import { fileRequest, type FileRequest } from '../../../ui/download';

/** The name and blob helpers live with the shared download (ui/download.ts); older imports keep working. */
export { filenameFromDisposition, saveBlob } from '../../../ui/download';

export interface RecordsExport {
  shedId: number;
  kind: EnvKind;
  startTime: number;
  endTime: number;
}

/** The environment records as .xlsx (ui/ExportButton). */
export function recordsExport(q: RecordsExport): FileRequest {
  return fileRequest(
    environmentApi.recordsExport,
    { query: { shedId: q.shedId, kind: q.kind, startTime: q.startTime, endTime: q.endTime } },
    `${q.kind}-records.xlsx`,
  );
}
