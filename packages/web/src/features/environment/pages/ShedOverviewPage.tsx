import { useMemo, useState, type ReactElement } from 'react';
import { Col, Row, Statistic, Typography } from 'antd';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CancelledError } from '../../../app/api/client';
import type { ShedOverviewRow } from '../../../app/api/types';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { allQueries, RefreshButton } from '../../../ui/PageParts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { ControllerDrawer, type DrawerTarget } from '../components/ControllerDrawer';
import { LiveBadge } from '../components/LiveBadge';
import { useFarmChoice } from '../../../app/farm';
import { useLiveSheds } from '../hooks/useLiveSheds';
import { useShedAlarms } from '../hooks/useShedAlarms';
import { useNow } from '../hooks/useNow';
import { gasLevel, rhLevel, tempComfort, worstLevel } from '../model/comfort';
import { useSheds } from '../overviewApi';
import { ShedCard } from '../components/ShedCard';

const FARM_FIELD_ID = 'shed-overview-farm';

/**
 * Shed overview (/pig/overview/shed, /ci18/overview/shed): the sheds of one farm of the current
 * mode as live cards. farmType 1 lists pig farms, 2 poultry farms. The shed list (pens,
 * gateways) and the live snapshot load side by side; the stream then keeps the cards current
 * without a reload, and a card opens its controller's full state.
 */
export function ShedOverviewPage({ code, farmType }: { code: string; farmType: 1 | 2 }): ReactElement {
  const { t } = useTranslation(['shell', 'environment']);
  const choice = useFarmChoice(farmType);
  const { farms, farmId } = choice;
  const lists = useSessionLists();
  const sheds = useSheds(farmId);
  const alarms = useShedAlarms(farmId);
  const live = useLiveSheds(farmId, alarms.onAlarm);
  const now = live.serverNow(useNow(5_000));
  const [search, setSearch] = useState('');
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = sheds.data?.list ?? [];
    return q ? list.filter((s) => s.shedName.toLowerCase().includes(q) || s.gateways.some((g) => g.code.toLowerCase().includes(q))) : list;
  }, [sheds.data, search]);
  const totals = useMemo(() => {
    const list = sheds.data?.list ?? [];
    return {
      sheds: list.length,
      pens: list.reduce((n, s) => n + s.penCount, 0),
      gateways: list.reduce((n, s) => n + s.gateways.length, 0),
    };
  }, [sheds.data]);
  const species = farmType === 1 ? 'pig' : 'poultry';
  const health = useMemo(() => {
    let online = 0;
    let attention = 0;
    for (const s of live.states.values()) {
      if (s.online) online += 1;
      const level = worstLevel([
        tempComfort(s.kinds.temp?.avg, s.targetTemp)?.level ?? 'ok',
        rhLevel(s.kinds.rh?.avg),
        gasLevel('co2', s.kinds.co2?.max, species),
        gasLevel('nh3', s.kinds.nh3?.max, species),
        gasLevel('h2s', s.kinds.h2s?.max, species),
      ]);
      if (s.online && level !== 'ok') attention += 1;
    }
    return { online, attention };
  }, [live.states, species]);

  const farmKind = t(farmType === 1 ? 'overview.farmKind.pig' : 'overview.farmKind.poultry');
  const title = menuLabel(code);
  const openShed = (shed: ShedOverviewRow): void =>
    setDrawer({ shedId: shed.tid, title: shed.shedName, gatewayCodes: shed.gateways.map((g) => g.code) });

  let body: ReactElement;
  if (farms.length === 0) {
    body = lists.isPending ? (
      <LoadingBlock rows={2} />
    ) : (
      <EmptyBlock title={t('overview.noFarm', { kind: farmKind })} hint={t('overview.noFarmHint')} />
    );
  } else if (sheds.isPending || (sheds.isError && sheds.error instanceof CancelledError)) {
    body = <LoadingBlock rows={3} label={t('overview.loadingSheds')} />;
  } else if (sheds.isError) {
    body = <ErrorBlock title={t('overview.loadFailed')} onRetry={() => void sheds.refetch()} />;
  } else if (totals.sheds === 0) {
    body = <EmptyBlock title={t('overview.noSheds')} hint={t('overview.noShedsHint')} />;
  } else if (rows.length === 0) {
    body = <EmptyBlock title={t('overview.noMatch', { text: search.trim() })} />;
  } else {
    body = (
      <Row gutter={[16, 16]} className="fs-shed-grid" role="list" aria-label={t('overview.shedList')}>
        {rows.map((shed) => (
          <Col key={shed.tid} xs={24} sm={12} lg={8} xxl={6} role="listitem">
            <ShedCard
              shed={shed}
              state={live.states.get(shed.tid)}
              species={species}
              now={now}
              staleAfterMs={live.staleAfterMs}
              alarm={alarms.byShed.get(shed.tid)}
              onOpen={shed.gateways.length > 0 ? openShed : undefined}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section className="fs-overview" aria-labelledby="page-title">
      <div className="fs-page-head">
        <div className="fs-page-head__titles">
          <Typography.Title level={3} id="page-title" className="fs-page-head__title">
            {title}
          </Typography.Title>
          {live.states.size > 0 && <LiveBadge connection={live.connection} />}
        </div>
        <div className="fs-toolbar">
          <label htmlFor={FARM_FIELD_ID} className="fs-toolbar__label">
            {t('overview.farm')}
          </label>
          <FarmSelect id={FARM_FIELD_ID} choice={choice} placeholder={t('overview.selectFarm')} />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            className="fs-toolbar__search"
            aria-label={t('overview.search')}
            placeholder={t('overview.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <RefreshButton query={allQueries([sheds, live.monitor])} disabled={farmId === undefined} />
        </div>
      </div>
      {sheds.data && totals.sheds > 0 && (
        <div className="fs-summary" aria-label={t('overview.summary')}>
          <Statistic title={t('overview.sheds')} value={totals.sheds} />
          <Statistic title={t('overview.pens')} value={totals.pens} />
          <Statistic title={t('overview.gateways')} value={totals.gateways} />
          {live.monitor.data && (
            <>
              <Statistic title={t('environment:summary.online')} value={health.online} suffix={`/ ${live.states.size}`} />
              <Statistic
                title={t('environment:summary.attention')}
                value={health.attention}
                styles={health.attention > 0 ? { content: { color: '#cf1322' } } : undefined}
              />
            </>
          )}
        </div>
      )}
      {body}
      <ControllerDrawer target={drawer} onClose={() => setDrawer(null)} liveValues={live.liveValues} />
    </section>
  );
}

export function PigShedOverviewPage(): ReactElement {
  return <ShedOverviewPage code="pig.overview.shed" farmType={1} />;
}

export function PoultryShedOverviewPage(): ReactElement {
  return <ShedOverviewPage code="ci18.overview.shed" farmType={2} />;
}
