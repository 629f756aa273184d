import { useState, type ReactElement, type ReactNode } from 'react';
import { Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorCodes } from '@farmsense/shared';
import { toast } from '../app/api/toast';
import { errorMessage } from '../app/i18n/i18n';
import { downloadRequest, saveBlob, type FileRequest, type SaveFile } from './download';

export interface ExportButtonProps {
  /** The file to fetch (`fileRequest(endpoint, input, fallback)`); null while there is nothing to export. */
  request: FileRequest | null;
  /** The button's words; "Export" of the common catalogue unless the page names what it exports. */
  label?: string;
  disabled?: boolean;
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  icon?: ReactNode;
  /** After the file was handed to the browser, with the name the server gave it. */
  onSaved?: (name: string) => void;
  /** Where the file goes; tests pass a spy instead of the browser download. */
  save?: SaveFile;
}

/**
 * The one Excel export button of the console: fetches the file through its endpoint contract,
 * saves it under the name the answer carries, shows itself busy meanwhile (a second click waits),
 * and tells a refusal or a failure as a toast.
 */
export function ExportButton({ request, label, disabled, type, size, icon, onSaved, save = saveBlob }: ExportButtonProps): ReactElement {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);

  const run = async (): Promise<void> => {
    if (!request || busy) return;
    setBusy(true);
    try {
      const name = await downloadRequest(request, save);
      if (name) onSaved?.(name);
    } catch {
      toast.error(errorMessage(ErrorCodes.FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      type={type}
      size={size}
      icon={icon ?? <DownloadOutlined />}
      loading={busy}
      disabled={disabled || !request}
      onClick={() => void run()}
    >
      {label ?? t('export')}
    </Button>
  );
}
