import type { ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedReconcileRow } from '@farmsense/shared';
import { formatDecimal } from '../../../app/i18n/numbers';
import { PagedTable } from '../../../ui/PagedTable';
import { useFeedReconcile, type FeedRangeAsk } from '../analysisApi';
import { pctColumn } from './pctColumn';

const f1 = (kg: number): string => formatDecimal(kg, 1);

/**
 * The feed analysis page's reconciliation: per day and house with a silo, what the silos gave
 * and received against what the house's feeders dispensed and were planned to (kg), the gap in
 * kg and %, and a flag on gaps beyond the tolerance the server answers (a leak, bridging, theft
 * or a wrong bin); a house whose silo also feeds a house without feeders is marked not metered.
 */
export function FeedReconcileSection({ ask }: { ask: FeedRangeAsk }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const answer = useFeedReconcile(ask, ask.farmId > 0);
  const tolerance = answer.data?.tolerancePct;
  const columns: ColumnsType<FeedReconcileRow> = [
    { key: 'day', title: t('feedReconcile.fields.day'), width: 120, render: (_, r) => r.day },
    { key: 'shed', title: t('feedReconcile.fields.shed'), width: 160, render: (_, r) => r.shedName },
    { key: 'silos', title: t('feedReconcile.fields.silos'), width: 160, render: (_, r) => r.silos.join(', ') },
    { key: 'consumed', title: t('feedReconcile.fields.consumed'), width: 140, align: 'right', render: (_, r) => f1(r.consumedKg) },
    { key: 'delivered', title: t('feedReconcile.fields.delivered'), width: 140, align: 'right', render: (_, r) => f1(r.deliveredKg) },
    { key: 'dispensed', title: t('feedReconcile.fields.dispensed'), width: 140, align: 'right', render: (_, r) => f1(r.dispensedKg) },
    { key: 'planned', title: t('feedReconcile.fields.planned'), width: 130, align: 'right', render: (_, r) => f1(r.plannedKg) },
    {
      key: 'gapKg',
      title: t('feedReconcile.fields.gapKg'),
      width: 120,
      align: 'right',
      render: (_, r) => (r.gapKg === null ? '—' : f1(r.gapKg)),
    },
    pctColumn<FeedReconcileRow>('gapPct', t('feedReconcile.fields.gapPct'), 110, (r) => r.gapPct),
    {
      key: 'state',
      title: t('feedReconcile.fields.state'),
      width: 150,
      render: (_, r) => {
        if (!r.metered) return <Tag color="default">{t('feedReconcile.unmetered')}</Tag>;
        if (!r.flagged) return <Tag color="green">{t('feedReconcile.ok')}</Tag>;
        return (
          <Tag color="red" data-testid="reconcile-gap">
            {t('feedReconcile.gap')}
          </Tag>
        );
      },
    },
  ];
  return (
    <section aria-labelledby="reconcile-title" data-testid="feed-reconcile">
      <Typography.Title level={5} id="reconcile-title">
        {t('feedReconcile.title')}
      </Typography.Title>
      <p className="fs-muted">{tolerance === undefined ? t('feedReconcile.hint') : t('feedReconcile.rule', { pct: tolerance })}</p>
      <PagedTable<FeedReconcileRow>
        label={t('feedReconcile.title')}
        columnsKey="feed-analysis-reconcile"
        rowKey={(r) => `${r.day}|${r.shedId}`}
        className="fs-admin-table"
        columns={columns}
        rows={answer.data?.list}
        rowsPerPage={50}
        scroll={{ x: 1400 }}
        loading={answer.isFetching}
        error={answer.error}
        onRetry={() => void answer.refetch()}
        emptyText={t('feedReconcile.empty')}
      />
    </section>
  );
}
