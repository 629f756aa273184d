import { useMemo, useState, type ReactElement } from 'react';
import { Button, Col, Row } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EnvKind } from '@farmsense/shared';
import { CancelledError } from '../../../app/api/client';
import { FarmSelect } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useFarmSheds, useTrend, type TrendRequest } from '../api';
import { ShedPicker } from '../components/ShedPicker';
import { ShedTrendCard } from '../components/ShedTrendCard';
import { TimeRangeControl } from '../components/TimeRangeControl';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { kindLabel } from '../model/format';
import { timeParams, type TimeChoice } from '../model/timeRange';
import '../../../ui/report-page.css';
import '../environment.css';
import { PageHead } from '../../../ui/PageParts';

/**
 * Environment trend of one kind (/ci18/env/{kind}, /pig/env1/{kind}/mor): up to six sheds, a
 * preset or a custom range (30 days at most), and per shed the chart of every sensor with its
 * min / average / max. The charts share one zoom: narrowing one narrows them all.
 */
export interface EnvTrendPageProps {
  kind: EnvKind;
  farmType: 1 | 2;
}

/** Which sheds are picked, remembered per farm; the first shed until the user picks. */
function usePickedSheds(farmId: number | undefined, available: readonly number[]): [number[], (ids: number[]) => void] {
  const [picked, setPicked] = useState<{ farmId: number | undefined; ids: number[] } | null>(null);
  const ids = picked && picked.farmId === farmId ? picked.ids.filter((id) => available.includes(id)) : available.slice(0, 1);
  return [ids, (next) => setPicked({ farmId, ids: next })];
}

export function EnvTrendPage({ kind, farmType }: EnvTrendPageProps): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const { farms, farmId, select } = useFarmChoice(farmType);
  const sheds = useFarmSheds(farmId);
  const available = useMemo(() => (sheds.data ?? []).map((s) => s.tid), [sheds.data]);
  const [shedIds, setShedIds] = usePickedSheds(farmId, available);
  const [time, setTime] = useState<TimeChoice>({ mode: 'preset', preset: '24h' });

  // shedIds is rebuilt each render; the request changes only when its content does.
  const shedKey = shedIds.join(',');
  const req = useMemo<TrendRequest | null>(
    () => (shedKey ? { shedIds: shedKey.split(',').map(Number), kind, ...timeParams(time) } : null),
    [shedKey, kind, time],
  );
  const trend = useTrend(req);
  const label = kindLabel(kind);
  const ids = { farm: `trend-${kind}-farm`, sheds: `trend-${kind}-sheds`, time: `trend-${kind}-time` };

  let body: ReactElement;
  if (farms.length === 0) {
    body = <NoFarm farmType={farmType} />;
  } else if (sheds.data && sheds.data.length === 0) {
    body = <EmptyBlock title={t('shell:overview.noSheds')} hint={t('shell:overview.noShedsHint')} />;
  } else if (!req) {
    body = sheds.isPending ? <LoadingBlock rows={1} /> : <EmptyBlock title={t('trend.pickShed')} />;
  } else if (trend.isPending || (trend.isError && trend.error instanceof CancelledError && !trend.data)) {
    body = <LoadingBlock rows={Math.min(shedIds.length, 2)} label={t('trend.loading')} />;
  } else if (trend.isError && !trend.data) {
    body = <ErrorBlock title={t('trend.loadFailed')} onRetry={() => void trend.refetch()} />;
  } else {
    const answer = trend.data!;
    const wide = answer.sheds.length > 1;
    body = (
      <Row gutter={[16, 16]} className="fs-trend-grid">
        {answer.sheds.map((s) => (
          <Col key={s.shedId} xs={24} xxl={wide ? 12 : 24}>
            <ShedTrendCard shed={s} answer={answer} group={`trend-${kind}`} loading={trend.isFetching} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <PageHead title={t('trend.title', { kind: label })} subtitle={t('trend.subtitle')} />
      <div className="fs-panel fs-env-filters">
        <FilterBar
          label={t('trend.filters')}
          actions={
            <Button icon={<ReloadOutlined />} onClick={() => void trend.refetch()} disabled={!req} loading={trend.isFetching}>
              {t('shell:actions.refresh')}
            </Button>
          }
        >
          <FilterField id={ids.farm} label={t('shell:overview.farm')}>
            <FarmSelect id={ids.farm} farms={farms} value={farmId} onChange={select} placeholder={t('shell:overview.selectFarm')} />
          </FilterField>
          <FilterField id={ids.sheds} label={t('trend.sheds')}>
            <ShedPicker
              id={ids.sheds}
              sheds={sheds.data ?? []}
              value={shedIds}
              onChange={setShedIds}
              loading={sheds.isPending && farmId !== undefined}
            />
          </FilterField>
          <FilterField id={ids.time} label={t('trend.time')}>
            <TimeRangeControl id={ids.time} value={time} onChange={setTime} />
          </FilterField>
        </FilterBar>
      </div>
      {body}
    </section>
  );
}
