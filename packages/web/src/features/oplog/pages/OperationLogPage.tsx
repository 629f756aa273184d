import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { menuLabel } from '../../../app/i18n/i18n';
import { OperationLogView } from '../components/OperationLogView';
import { PageHead } from '../../../ui/PageParts';

/**
 * /safe-oplog/records: the tenant's operation and security log (sign-ins, refusals, every write
 * with its outcome). Read-only by design: entries cannot be changed or deleted anywhere.
 */
export function OperationLogPage(): ReactElement {
  const { t } = useTranslation('oplog');
  return (
    <section className="fs-oplog-page" aria-labelledby="page-title">
      <PageHead title={menuLabel('safe-oplog.records')} subtitle={t('page.subtitle')} />
      <OperationLogView />
    </section>
  );
}
