import { environmentApi, type EnvKind } from '@farmsense/shared';
import { downloadFile, saveBlob, type SaveFile } from '../../../ui/download';

/** The name and blob helpers live with the shared download (ui/download.ts); older imports keep working. */
export { filenameFromDisposition, saveBlob } from '../../../ui/download';

export interface RecordsExport {
  shedId: number;
  kind: EnvKind;
  startTime: number;
  endTime: number;
}

/** Downloads the environment records as .xlsx; resolves with the file name, or null after telling the user why not. */
export function downloadRecords(q: RecordsExport, save: SaveFile = saveBlob): Promise<string | null> {
  return downloadFile(
    environmentApi.recordsExport.path,
    { query: { shedId: q.shedId, kind: q.kind, startTime: q.startTime, endTime: q.endTime }, fallback: `${q.kind}-records.xlsx` },
    save,
  );
}
