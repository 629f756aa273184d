import type { ReactElement } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../../app/i18n/i18n';
import { OperationLogView } from '../components/OperationLogView';

/**
 * /safe-oplog/records: the tenant's operation and security log (sign-ins, refusals, every write
 * with its outcome). Read-only by design: entries cannot be changed or deleted anywhere.
 */
export function OperationLogPage(): ReactElement {
  const { t } = useTranslation('oplog');
  return (
    <section className="fs-oplog-page" aria-labelledby="page-title">
      <div className="fs-page-head">
        <div>
          <Typography.Title level={3} id="page-title" className="fs-page-head__title">
            {menuLabel('safe-oplog.records')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('page.subtitle')}</Typography.Text>
        </div>
      </div>
      <OperationLogView />
    </section>
  );
}
