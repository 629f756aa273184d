import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_LEVELS, ALARM_KINDS } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { useAddressRange } from '../../../ui/list/useAddressRange';
import { ExportButton } from '../../../ui/ExportButton';
import { choices, FilterFields } from '../../../ui/list/filters';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { Panel } from '../../../ui/Panel';
import { ReportPage } from '../components/ReportPage';
import { alarmColumns } from '../components/alarmColumns';
import { historyExport, useAlarmHistory, type HistoryQuery } from '../reportsApi';
import '../../../ui/admin.css';

const FILTERS = {
  shedId: numberFilter,
  level: oneOfFilter(ALARM_LEVELS),
  kind: oneOfFilter(ALARM_KINDS),
  start: numberFilter,
  end: numberFilter,
};

/**
 * /reports/env-alerts-his: the alarm history of a farm over a range (at most 30 days), filtered by
 * shed, level and type, newest first, with its Excel file (times in the farm's time zone). The
 * filters, range and page are in the address.
 */
export function AlarmHistoryPage(): ReactElement {
  const { t } = useTranslation('alarms');
  const farm = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const sheds = useShedOptions(farm.farmId);
  const { range, pick } = useAddressRange(list, 168);
  const filterQuery: Omit<HistoryQuery, 'pageNo' | 'pageSize'> = {
    farmId: farm.farmId,
    shedId: filters.shedId,
    level: filters.level,
    kind: filters.kind,
    startTime: range[0].valueOf(),
    endTime: range[1].valueOf(),
  };
  const page = useAlarmHistory({ ...filterQuery, pageNo: list.paging.pageNo, pageSize: list.paging.pageSize }, farm.farmId !== undefined);

  return (
    <ReportPage
      title={menuLabel('reports.env-alerts-his')}
      subtitle={t('reports.history.subtitle')}
      idPrefix="alarm-history"
      farm={{ ...farm, select: (id) => (farm.select(id), list.apply({ shedId: undefined })) }}
      queries={farm.farmId === undefined ? [] : [page]}
      filters={
        <>
          <FilterFields
            list={list}
            applyNow
            specs={[
              {
                select: 'shedId',
                id: 'alarm-history-shed',
                label: t('records.shed'),
                width: 170,
                placeholder: t('records.allSheds'),
                options: sheds.data ?? [],
              },
              {
                select: 'level',
                id: 'alarm-history-level',
                label: t('records.level'),
                width: 120,
                placeholder: t('reports.all'),
                options: choices(ALARM_LEVELS, (l) => t(`levels.${l}`)),
              },
              {
                select: 'kind',
                id: 'alarm-history-kind',
                label: t('reports.columns.kind'),
                width: 150,
                placeholder: t('reports.all'),
                options: choices(ALARM_KINDS, (k) => t(`kinds.${k}`)),
              },
            ]}
          />
        </>
      }
      span={{ kind: 'range', value: range, onChange: pick }}
    >
      <Panel
        className="fs-env-card"
        title={t('reports.history.table')}
        extra={<ExportButton request={farm.farmId === undefined ? null : historyExport(filterQuery)} />}
      >
        <ListTable
          list={list}
          page={page}
          label={t('reports.history.table')}
          size="middle"
          columns={alarmColumns(t, page.dataUpdatedAt)}
          emptyText={t('records.empty')}
          scroll={{ x: 1400 }}
        />
      </Panel>
    </ReportPage>
  );
}
