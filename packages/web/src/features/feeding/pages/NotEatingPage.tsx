import type { ReactElement } from 'react';
import { InputNumber, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FeedAlarmRow } from '@farmsense/shared';
import { useHeldPath } from '../../../app/auth/sessionContext';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { RefreshButton, PageFrame } from '../../../ui/PageParts';
import { PagedTable } from '../../../ui/PagedTable';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { numberFilter, useListPage } from '../../../ui/list/useListPage';
import { formatAmount } from '../model/format';
import { useNotEating } from '../recordsApi';
import { SelectFilter } from '../../../ui/SelectFilter';
import '../../../ui/admin.css';

const FILTERS = { shedId: numberFilter, minShare: numberFilter };
/** The alarm records page, where these sows' not-eaten and feeder fault alarms are acknowledged. */
const ALARM_RECORDS_APP = 'warningmanagement.warningrecord';
const ALARM_COLOURS: Readonly<Record<NonNullable<FeedAlarmRow['alarm']>['state'], string>> = {
  activeUnacknowledged: 'error',
  activeAcknowledged: 'warning',
  clearedUnacknowledged: 'processing',
  cleared: 'default',
};

/**
 * /accurate-feeding/feed-alarm/records: the list a sow-farm manager reads every morning, the sows
 * that did not eat their ration today or yesterday (the feeder saw her not eating, or a finished
 * day left under the chosen share of the plan), with house and pen, feeder, both days' feed and
 * since when she has not eaten; the longest runs first. Each row shows her alarm in the alarm
 * system (raised each morning and after each meal, acknowledged on the alarm records page, which
 * it links to for an account that holds it) and a fault her feeder reports.
 */
export function NotEatingPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const sheds = useShedOptions(choice.farmId);
  const recordsPath = useHeldPath(ALARM_RECORDS_APP);
  const answer = useNotEating(
    { farmId: choice.farmId ?? 0, shedId: filters.shedId, minShare: filters.minShare },
    choice.farmId !== undefined,
  );
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const day = (d: FeedAlarmRow['today']): ReactElement | string => {
    if (d === null) return t('refusals.noReport');
    const figure = t('refusals.figure', { dispensed: formatAmount(d.dispensed / 1000, 1), planned: formatAmount(d.planned / 1000, 1) });
    return d.ate ? (
      figure
    ) : (
      <>
        {figure} <Tag color="red">{t('refusals.notEaten')}</Tag>
      </>
    );
  };
  const columns: ColumnsType<FeedAlarmRow> = [
    {
      key: 'pen',
      title: t('refusals.fields.pen'),
      width: 240,
      render: (_, r) => `${r.shedName} · ${t('feedRecords.penLabel', { column: r.penColumn, row: r.penRow })}`,
    },
    { key: 'feeder', title: t('refusals.fields.feeder'), width: 170, render: (_, r) => `${r.feederNo} · ${r.feederName}` },
    { key: 'today', title: t('refusals.fields.today', { day: answer.data?.today ?? '' }), width: 220, render: (_, r) => day(r.today) },
    {
      key: 'yesterday',
      title: t('refusals.fields.yesterday', { day: answer.data?.yesterday ?? '' }),
      width: 220,
      render: (_, r) => day(r.yesterday),
    },
    { key: 'since', title: t('refusals.fields.since'), width: 170, render: (_, r) => t('refusals.since', { day: r.since, count: r.days }) },
    {
      key: 'alarm',
      title: t('refusals.fields.alarm'),
      width: 200,
      render: (_, r) => (
        <>
          {r.alarm ? (
            <Tag color={ALARM_COLOURS[r.alarm.state]} data-testid="refusal-alarm">
              {t(`refusals.alarmStates.${r.alarm.state}`)}
            </Tag>
          ) : (
            <span className="fs-muted">{t('refusals.noAlarm')}</span>
          )}
          {r.fault && <Tag color="red">{t(`refusals.faults.${r.fault}`)}</Tag>}
        </>
      ),
    },
  ];
  const alarmLink = recordsPath && (
    <Link to={`${recordsPath}?farmId=${choice.farmId}&kind=notEaten`} data-testid="refusals-alarm-link">
      {t('refusals.alarmLink')}
    </Link>
  );

  return (
    <PageFrame
      head={{
        title: menuLabel('accurate-feeding.feed-alarm.records'),
        subtitle: t('refusals.subtitle', { share: answer.data?.minShare ?? filters.minShare ?? '' }),
      }}
    >
      <FilterBar
        label={t('filters.label')}
        actions={
          <>
            {alarmLink}
            <RefreshButton query={answer} />
          </>
        }
      >
        <FarmField
          id="refusals-farm"
          label={t('feedRecords.fields.farm')}
          width={220}
          choice={choice}
          onPicked={() => list.apply({ shedId: undefined })}
        />
        <SelectFilter<number>
          id="refusals-shed"
          label={t('feedRecords.fields.shed')}
          width={200}
          value={filters.shedId}
          options={sheds.data}
          onChange={(v) => list.apply({ shedId: v })}
        />
        <FilterField id="refusals-share" label={t('refusals.fields.minShare')} width={200}>
          <InputNumber<number>
            id="refusals-share"
            min={1}
            max={100}
            precision={0}
            value={filters.minShare ?? answer.data?.minShare}
            onChange={(v) => list.apply({ minShare: v ?? undefined })}
          />
        </FilterField>
      </FilterBar>
      {answer.isPending ? (
        <LoadingBlock />
      ) : answer.isError ? (
        <ErrorBlock title={t('refusals.failed')} onRetry={() => void answer.refetch()} />
      ) : answer.data.list.length === 0 ? (
        <EmptyBlock title={t('refusals.empty')} hint={t('refusals.emptyHint')} />
      ) : (
        <PagedTable<FeedAlarmRow>
          rowKey="feederId"
          size="small"
          label={t('refusals.table')}
          columns={columns}
          rows={answer.data.list}
          rowsPerPage={50}
          scroll={{ x: 1220 }}
        />
      )}
    </PageFrame>
  );
}
