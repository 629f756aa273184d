import { useRef, useState, type ReactElement } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, ExportOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { DailyKind, SaveOutcome } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { invalidateProductionData } from '../api';
import { uploadImport } from '../model/files';
import { downloadRequest, type FileRequest } from '../../../ui/download';
import { ExportButton } from '../../../ui/ExportButton';
import { lazyPart } from '../../../ui/lazyPart';

// The import report shows after an upload only.
const ImportReport = lazyPart(() => import('./ImportReport').then((m) => m.ImportReport));

export interface FileActionsProps {
  kind: 'flock' | DailyKind;
  /** The import template (`fileRequest` of the list's template endpoint). */
  template: FileRequest;
  importer: { path: string; fields?: Record<string, string | number | undefined> };
  /** The list under its filters as a file (`fileRequest` of the list's export endpoint). */
  exporter: FileRequest;
  disabled?: boolean;
}

type FileJob = 'template' | 'import';

/** One of the file buttons: large, off with the list, busy while its own job runs. */
function FileButton({
  which,
  icon,
  busy,
  disabled,
  onClick,
}: {
  which: FileJob;
  icon: ReactElement;
  busy: FileJob | null;
  disabled?: boolean;
  onClick: () => void;
}): ReactElement {
  const { t } = useTranslation('production');
  return (
    <Button size="large" icon={icon} disabled={disabled} loading={busy === which} onClick={onClick}>
      {t(`files.${which}`)}
    </Button>
  );
}

/** Template download, import (with its per-row report) and export (ui/ExportButton) of a production list. */
export function FileActions({ kind, template, importer, exporter, disabled }: FileActionsProps): ReactElement {
  const { t } = useTranslation('production');
  const client = useQueryClient();
  const [busy, setBusy] = useState<FileJob | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  // A plain file input behind the import button (antd's Upload and its file list are not needed
  // for one file sent at once); cleared after each choice so the same file can be sent again.
  const picker = useRef<HTMLInputElement>(null);

  const run = async (which: FileJob, job: () => Promise<unknown>): Promise<void> => {
    setBusy(which);
    try {
      await job();
    } finally {
      setBusy(null);
    }
  };

  const downloadTemplate = (): void => void run('template', () => downloadRequest(template));

  const upload = (file: File): void => {
    void run('import', async () => {
      const result = await uploadImport(importer.path, file, importer.fields);
      if (!result) return;
      if (result.saved > 0) await invalidateProductionData(client);
      if (result.errors.length === 0) toast.success(t('import.done', { count: result.saved }));
      setOutcome(result);
    });
  };

  return (
    <>
      <FileButton which="template" icon={<DownloadOutlined />} busy={busy} disabled={disabled} onClick={downloadTemplate} />
      <input
        ref={picker}
        type="file"
        accept=".xlsx"
        hidden
        disabled={disabled || busy === 'import'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      <FileButton which="import" icon={<UploadOutlined />} busy={busy} disabled={disabled} onClick={() => picker.current?.click()} />
      <ExportButton size="large" icon={<ExportOutlined />} request={exporter} disabled={disabled} />
      {outcome && <ImportReport kind={kind} outcome={outcome} onClose={() => setOutcome(null)} />}
    </>
  );
}
