import { useMemo, useState, type ComponentType, type ReactElement } from 'react';
import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnvKind } from '@farmsense/shared';
import { CancelledError } from '../../../app/api/client';
import { FilterField } from '../../../ui/FilterBar';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useFarmSheds, useTrend, type TrendRequest } from '../api';
import { ReportFrame, shedReportGate } from '../components/ReportFrame';
import { ShedPicker } from '../components/ShedPicker';
import { ShedTrendCard } from '../components/ShedTrendCard';
import { useFarmChoice } from '../../../app/farm';
import { usePickedSheds } from '../hooks/usePickedSheds';
import { kindLabel } from '../model/format';
import { timeParams, type TimeChoice } from '../model/timeRange';
import { envPageFor } from './envPages';
import '../../../ui/report-page.css';
import '../environment.css';

/**
 * Environment trend of one kind (/ci18/env/{kind}, /pig/env1/{kind}/mor): up to six sheds, a
 * preset or a custom range (30 days at most), and per shed the chart of every sensor with its
 * min / average / max. The charts share one zoom: narrowing one narrows them all.
 */
export interface EnvTrendPageProps {
  kind: EnvKind;
  farmType: 1 | 2;
}

export function EnvTrendPage({ kind, farmType }: EnvTrendPageProps): ReactElement {
  const { t } = useTranslation(['environment', 'shell']);
  const farm = useFarmChoice(farmType);
  const sheds = useFarmSheds(farm.farmId);
  const available = useMemo(() => (sheds.data ?? []).map((s) => s.tid), [sheds.data]);
  const [shedIds, setShedIds] = usePickedSheds(farm.farmId, available, 1);
  const [time, setTime] = useState<TimeChoice>({ mode: 'preset', preset: '24h' });

  // shedIds is rebuilt each render; the request changes only when its content does.
  const shedKey = shedIds.join(',');
  const req = useMemo<TrendRequest | null>(
    () => (shedKey ? { shedIds: shedKey.split(',').map(Number), kind, ...timeParams(time) } : null),
    [shedKey, kind, time],
  );
  const trend = useTrend(req);
  const label = kindLabel(kind);
  const shedsId = `trend-${kind}-sheds`;

  const gate = shedReportGate(farm.farms, farmType, sheds.data);
  let body: ReactElement;
  if (gate) {
    body = gate;
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
    <ReportFrame
      title={t('trend.title', { kind: label })}
      subtitle={t('trend.subtitle')}
      filtersLabel={t('trend.filters')}
      idPrefix={`trend-${kind}`}
      farm={farm}
      queries={req ? [trend] : []}
      period={{ kind: 'time', value: time, onChange: setTime }}
      filters={
        <FilterField id={shedsId} label={t('trend.sheds')}>
          <ShedPicker
            id={shedsId}
            sheds={sheds.data ?? []}
            value={shedIds}
            onChange={setShedIds}
            loading={sheds.isPending && farm.farmId !== undefined}
          />
        </FilterField>
      }
    >
      {body}
    </ReportFrame>
  );
}

/** The trend page of an environment code (routes.ts). */
export function envTrendPageFor(code: string): ComponentType {
  return envPageFor(code, 'trend', EnvTrendPage);
}
