import { useMemo, type ReactElement } from 'react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlockRow } from '@farmsense/shared';
import { PagedTable, usePaging } from '../../../ui/PagedTable';
import { useFlockPage } from '../flocksApi';
import { flockTypeLabel, fmt } from '../model/flocks';

/**
 * Closed flocks of a farm (history), newest first as the server sorts them: placement and
 * depletion dates, the day age at depletion and the birds placed and left at the end.
 */
export function FlockHistoryTable({
  farmId,
  keyword,
  onOpen,
}: {
  farmId: number;
  keyword: string;
  onOpen: (f: FlockRow) => void;
}): ReactElement {
  const { t } = useTranslation(['flocks', 'records', 'common']);
  const { paging, table } = usePaging();
  const query = useMemo(() => ({ ...paging, farmId, status: 2 as const, keyword: keyword.trim() || undefined }), [paging, farmId, keyword]);
  const page = useFlockPage(query);

  const columns: ColumnsType<FlockRow> = [
    { key: 'shed', title: t('records:flock.shedName'), width: 140, render: (_, r) => r.shedName },
    { key: 'groupNo', title: t('records:flock.groupNo'), width: 140, render: (_, r) => r.groupNo },
    { key: 'flockType', title: t('records:flock.flockType'), width: 120, render: (_, r) => flockTypeLabel(r.flockType) },
    { key: 'breed', title: t('records:flock.breed'), width: 120, render: (_, r) => r.breed || '—' },
    { key: 'startDate', title: t('records:flock.startDate'), width: 130, render: (_, r) => r.startDate },
    { key: 'stopDate', title: t('records:flock.stopDate'), width: 130, render: (_, r) => r.stopDate ?? '—' },
    { key: 'dayAge', title: t('history.finalDayAge'), width: 110, align: 'right', render: (_, r) => fmt(r.dayAge) },
    { key: 'placed', title: t('history.placed'), width: 120, align: 'right', render: (_, r) => fmt(r.maleCount + r.femaleCount) },
    { key: 'closing', title: t('history.closing'), width: 120, align: 'right', render: (_, r) => fmt(r.present) },
    {
      key: 'actions',
      title: t('common:actions'),
      fixed: 'right',
      width: 110,
      render: (_, r) => (
        <Button icon={<EyeOutlined />} onClick={() => onOpen(r)} aria-label={t('card.details', { groupNo: r.groupNo })}>
          {t('common:details')}
        </Button>
      ),
    },
  ];

  return (
    <PagedTable<FlockRow>
      label={t('history.label')}
      rowKey="id"
      className="fs-admin-table"
      columns={columns}
      {...table(page)}
      emptyText={t('history.empty')}
      scroll={{ x: 1200 }}
    />
  );
}
