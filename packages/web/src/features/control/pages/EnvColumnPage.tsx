import { useState, type ReactElement } from 'react';
import { type TableColumnsType } from 'antd';
import { PagedTable } from '../../../ui/PagedTable';
import { useTranslation } from 'react-i18next';
import type { OverviewShed } from '@farmsense/shared';
import { EmptyBlock } from '../../../ui/QueryStates';
import { useEnvOverview } from '../components/overviewApi';
import { climateColumns, GroupSummary } from '../components/ClimateColumns';
import { OverviewFrame } from '../components/OverviewFrame';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { SelectFilter } from '../../../ui/SelectFilter';

const APP = 'remote-control.env-control.column';

interface PenRow {
  penId: number;
  label: string;
  shed: OverviewShed;
}

/**
 * Climate control per pen (/remote-control/env-control/column): a pen has no controller of its
 * own, so each pen shows its house's controller, mode and live values beside the set values, and
 * the house's climate groups (synced count, waiting or refused ones linked to their pages).
 */
export function EnvColumnPage(): ReactElement {
  const { t } = useTranslation(['control', 'common']);
  const [shedId, setShedId] = useState<number | undefined>();
  // The same query as the frame's (one request): the houses to filter by.
  const farmId = useFarmChoice().farmId;
  const houses = useEnvOverview(farmId).data?.sheds ?? [];
  const columns: TableColumnsType<PenRow> = [
    { title: menuLabel(APP), dataIndex: 'label' },
    { title: t('curve.house'), key: 'house', render: (_, r) => r.shed.shedName },
    { title: t('curve.day'), key: 'dayAge', render: (_, r) => r.shed.dayAge ?? '–' },
    ...climateColumns<PenRow>(t, (r) => r.shed),
    { title: t('overview.settings'), key: 'settings', render: (_, r) => <GroupSummary shed={r.shed} /> },
  ];
  const filters = (
    <SelectFilter<number>
      id="env-column-house"
      label={t('curve.house')}
      width={200}
      search
      value={shedId}
      onChange={setShedId}
      options={houses.map((s) => ({ value: s.shedId, label: s.shedName }))}
    />
  );
  return (
    <OverviewFrame app={APP} subtitle={t('overview.columnSubtitle')} filters={filters} onPicked={() => setShedId(undefined)}>
      {(data) => {
        const rows: PenRow[] = data.sheds
          .filter((s) => shedId === undefined || s.shedId === shedId)
          .flatMap((shed) =>
            shed.pens.map((p) => ({
              penId: p.penId,
              shed,
              label: p.name ?? `${p.fieldColumn}-${p.field}`,
            })),
          );
        if (rows.length === 0) return <EmptyBlock title={t('common:noData')} />;
        return (
          <PagedTable<PenRow>
            rowKey="penId"
            size="small"
            columns={columns}
            rows={rows}
            rowsPerPage={50}
            scroll={{ x: 'max-content' }}
            label={menuLabel(APP)}
          />
        );
      }}
    </OverviewFrame>
  );
}
