import type { ReactElement } from 'react';
import { Progress, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PenFeedRow } from '@farmsense/shared';
import { useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { formatDateTime } from '../../../app/i18n/numbers';
import { LiveFarmPage, useLiveShedFilter } from '../../../ui/LiveFarmPage';
import { PagedTable } from '../../../ui/PagedTable';
import { useFeedMonitor } from '../api';
import { formatAmount } from '../model/format';
import '../../../ui/admin.css';

/** Feeders report every half minute: the monitor reads again every 30 s. */
const REFRESH_MS = 30_000;
const kg = (g: number): string => formatAmount(g / 1000, 1);

/**
 * /accurate-feeding/mornitoring: per pen of the chosen farm, today's planned and dispensed feed
 * from its feeders' reports, how far the day's ration has gone, how many feeders report and how
 * many are dispensing now, and the sows that did not eat (the pens to walk to first).
 */
export function FeedMonitorPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const filter = useLiveShedFilter(choice.farmId);
  const monitor = useFeedMonitor(choice.farmId, REFRESH_MS, filter.shedId);

  const columns: ColumnsType<PenFeedRow> = [
    {
      key: 'pen',
      title: t('monitor.fields.pen'),
      width: 220,
      render: (_, r) => `${r.shedName} · ${t('plan.penLabel', { column: r.penColumn, row: r.penRow })}`,
    },
    {
      key: 'feeders',
      title: t('monitor.fields.feeders'),
      width: 130,
      render: (_, r) => t('monitor.reporting', { count: r.reporting, of: r.feeders }),
    },
    { key: 'planned', title: t('monitor.fields.planned'), width: 120, align: 'right', render: (_, r) => kg(r.planned) },
    { key: 'dispensed', title: t('monitor.fields.dispensed'), width: 120, align: 'right', render: (_, r) => kg(r.dispensed) },
    {
      key: 'progress',
      title: t('monitor.fields.progress'),
      width: 180,
      render: (_, r) =>
        r.planned > 0 ? <Progress percent={Math.min(100, Math.round((100 * r.dispensed) / r.planned))} size="small" /> : '—',
    },
    {
      key: 'state',
      title: t('monitor.fields.state'),
      width: 220,
      render: (_, r) => (
        <>
          {r.feeding > 0 && <Tag color="processing">{t('monitor.feeding', { count: r.feeding })}</Tag>}
          {r.notEating > 0 && (
            <Tag color="red" data-testid="pen-not-eating">
              {t('monitor.notEating', { count: r.notEating })}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'last',
      title: t('monitor.fields.lastReport'),
      width: 170,
      render: (_, r) => (r.lastReport === null ? '—' : formatDateTime(r.lastReport)),
    },
  ];

  return (
    <LiveFarmPage
      head={{ title: menuLabel('accurate-feeding.mornitoring'), subtitle: t('monitor.subtitle') }}
      idPrefix="monitor"
      texts={{
        bar: t('filters.label'),
        farm: t('monitor.fields.farm'),
        shed: t('feedDevices.fields.shedId'),
        failed: t('monitor.failed'),
        empty: t('monitor.empty'),
        emptyHint: t('monitor.emptyHint'),
      }}
      choice={choice}
      filter={filter}
      query={monitor}
      isEmpty={(data) => data.pens.length === 0}
    >
      {(data) => (
        <PagedTable<PenFeedRow>
          rowKey="penId"
          size="small"
          label={t('monitor.table', { day: data.day })}
          columns={columns}
          rows={data.pens}
          rowsPerPage={50}
          scroll={{ x: 1160 }}
        />
      )}
    </LiveFarmPage>
  );
}
