import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../../ui/PagedTable';
import { ConfigHead } from './ConfigHead';

/**
 * One of the push configuration page's sections (`pushConfig.<section>` texts): the farm's one
 * row of it under its heading, whose add button waits until a farm is chosen and its row deleted.
 */
export function FarmConfigTable<Row extends { id: number }>({
  section,
  farmChosen,
  rows,
  loading,
  columns,
  scrollX,
  onAdd,
}: {
  section: 'strategy' | 'phone';
  farmChosen: boolean;
  rows: Row[];
  loading: boolean;
  columns: ColumnsType<Row>;
  scrollX: number;
  onAdd: () => void;
}): ReactElement {
  const { t } = useTranslation('alarms');
  return (
    <>
      <ConfigHead
        title={t(`pushConfig.${section}.title`)}
        addLabel={t(`pushConfig.${section}.add`)}
        addDisabled={!farmChosen || rows.length > 0}
        onAdd={onAdd}
      />
      <PagedTable<Row>
        label={t(`pushConfig.${section}.title`)}
        columnsKey={`push-config:${section}`}
        rowKey="id"
        size="middle"
        className="fs-admin-table"
        loading={loading && farmChosen}
        rows={rows}
        columns={columns}
        emptyText={t(`pushConfig.${section}.empty`)}
        scroll={{ x: scrollX }}
      />
    </>
  );
}
