import { useMemo, useState, type ReactElement } from 'react';
import { Button, Col, Input, Row, Statistic, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CancelledError } from '../../../app/api/client';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { useAppStore } from '../../../app/stores/appStore';
import { FarmSelect } from '../../../ui/FarmSelect';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useSheds } from '../api';
import { ShedCard } from '../components/ShedCard';

const FARM_FIELD_ID = 'shed-overview-farm';

/**
 * Shed overview (/pig/overview/shed, /ci18/overview/shed): the sheds of one farm of the current
 * mode as cards. farmType 1 lists pig farms, 2 poultry farms.
 */
export function ShedOverviewPage({ code, farmType }: { code: string; farmType: 1 | 2 }): ReactElement {
  const { t } = useTranslation(['shell', 'menu']);
  const allFarms = useAppStore((s) => s.farms);
  const stored = useAppStore((s) => s.selectedFarms[String(farmType)]);
  const selectFarm = useAppStore((s) => s.selectFarm);
  const lists = useSessionLists();
  const farms = useMemo(() => allFarms.filter((f) => f.type === farmType), [allFarms, farmType]);
  const farmId = farms.some((f) => f.id === stored) ? stored : farms[0]?.id;
  const sheds = useSheds(farmId);
  const [search, setSearch] = useState('');

  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const list = sheds.data?.list ?? [];
    return q ? list.filter((s) => s.shedName.toLowerCase().includes(q) || s.gateways.some((g) => g.code.toLowerCase().includes(q))) : list;
  }, [sheds.data, search]);
  const totals = useMemo(() => {
    const list = sheds.data?.list ?? [];
    return { sheds: list.length, pens: list.reduce((n, s) => n + s.penCount, 0), gateways: list.reduce((n, s) => n + s.gateways.length, 0) };
  }, [sheds.data]);

  const farmKind = t(farmType === 1 ? 'overview.farmKind.pig' : 'overview.farmKind.poultry');
  const title = menuLabel(code);

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
            <ShedCard shed={shed} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section className="fs-overview" aria-labelledby="page-title">
      <div className="fs-page-head">
        <Typography.Title level={3} id="page-title" className="fs-page-head__title">
          {title}
        </Typography.Title>
        <div className="fs-toolbar">
          <label htmlFor={FARM_FIELD_ID} className="fs-toolbar__label">
            {t('overview.farm')}
          </label>
          <FarmSelect
            id={FARM_FIELD_ID}
            farms={farms}
            value={farmId}
            onChange={(id) => selectFarm(farmType, id)}
            placeholder={t('overview.selectFarm')}
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            className="fs-toolbar__search"
            aria-label={t('overview.search')}
            placeholder={t('overview.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button icon={<ReloadOutlined />} onClick={() => void sheds.refetch()} disabled={farmId === undefined} loading={sheds.isFetching}>
            {t('actions.refresh')}
          </Button>
        </div>
      </div>
      {sheds.data && totals.sheds > 0 && (
        <div className="fs-summary" aria-label={t('overview.summary')}>
          <Statistic title={t('overview.sheds')} value={totals.sheds} />
          <Statistic title={t('overview.pens')} value={totals.pens} />
          <Statistic title={t('overview.gateways')} value={totals.gateways} />
        </div>
      )}
      {body}
    </section>
  );
}

export function PigShedOverviewPage(): ReactElement {
  return <ShedOverviewPage code="pig.overview.shed" farmType={1} />;
}

export function PoultryShedOverviewPage(): ReactElement {
  return <ShedOverviewPage code="ci18.overview.shed" farmType={2} />;
}
