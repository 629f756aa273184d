import type { ReactElement } from 'react';
import { Alert, Modal } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import type { DailyKind, RowError, SaveOutcome } from '@farmsense/shared';
import { rowErrorText, rowFieldLabel } from '../model/errors';

/**
 * The outcome of an import: how many rows were saved and, row by row, why the others were not
 * (row number as in the file, the field at fault, the message), so the sheet can be fixed and the
 * bad rows imported again.
 */
export function ImportReport({
  kind,
  outcome,
  onClose,
}: {
  kind: 'flock' | DailyKind;
  outcome: SaveOutcome;
  onClose: () => void;
}): ReactElement {
  const { t } = useTranslation(['production', 'common']);
  const rows = outcome.errors.map((e, i) => ({ ...e, n: i }));
  return (
    <Modal
      open
      title={t('import.reportTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common:close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={760}
      destroyOnHidden
    >
      <div data-testid="import-report">
        <Alert
          type={outcome.errors.length === 0 ? 'success' : outcome.saved > 0 ? 'warning' : 'error'}
          showIcon
          title={t('import.summary', { saved: outcome.saved, failed: outcome.errors.length })}
          className="fs-prod-alert"
        />
        {rows.length > 0 && (
          <PagedTable<RowError & { n: number }>
            columnsKey="production.importErrors"
            label={t('import.errorsLabel')}
            size="small"
            rowKey="n"
            rowsPerPage={50}
            rows={rows}
            columns={[
              { key: 'row', title: t('import.row'), width: 80, render: (_, r) => r.row },
              { key: 'field', title: t('import.field'), width: 200, render: (_, r) => rowFieldLabel(kind, r.field) || '—' },
              { key: 'message', title: t('import.message'), render: (_, r) => rowErrorText(r) },
            ]}
          />
        )}
      </div>
    </Modal>
  );
}
