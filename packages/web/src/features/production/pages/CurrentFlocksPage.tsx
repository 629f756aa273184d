import { lazyPart } from '../../../ui/lazyPart';
import { useMemo, useState, type ReactElement } from 'react';
import { Col, Row, Segmented, Statistic, Typography } from 'antd';
// antd's Input without Search, Password and OTP (its index attaches them, so `Input` from 'antd' brings all three).
import Input from 'antd/es/input/Input';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { addDays, type FlockRow } from '@farmsense/shared';
import { CancelledError } from '../../../app/api/client';
import { useSessionLists } from '../../../app/auth/queries';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { allQueries, RefreshButton } from '../../../ui/PageParts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useFarmChoice } from '../../../app/farm';
import { useFlockPage, useFlockSummary, type ReportQuery } from '../flocksApi';
import { cardFigures, FlockCard } from '../components/FlockCard';
import { FlockHistoryTable } from '../components/FlockHistoryTable';
import { fmt, todayIn } from '../model/flocks';
import '../flocks.css';

// The flock drawer (with its day-age chart) loads when a flock is opened.
const FlockDrawer = lazyPart(() => import('../components/FlockDrawer').then((m) => m.FlockDrawer));

const FARM_FIELD_ID = 'flocks-farm';
/** Every current flock of a farm fits on one screen of cards (a farm has tens of houses). */
const CARD_PAGE = { pageNo: 1, pageSize: 500 };
/** How far back the cards look for the latest weighing (weighings are weekly or less often). */
const WEIGHT_LOOKBACK_DAYS = 30;

type View = 'current' | 'history';

/**
 * /ci18/group/current: the poultry farm's flocks in their houses now, one card each, with the
 * figures a farmer checks every morning; a switch shows closed flocks (history) as a table.
 * Any flock opens a drawer with its totals and its weight against the standard curve.
 */
export function CurrentFlocksPage(): ReactElement {
  const { t } = useTranslation(['flocks', 'shell', 'records']);
  const lists = useSessionLists();
  const choice = useFarmChoice(2);
  const { farms, farmId, farm } = choice;
  const [view, setView] = useState<View>('current');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<FlockRow | null>(null);
  const today = todayIn(farm?.timeZone);

  const flocks = useFlockPage({ ...CARD_PAGE, farmId, status: 1 }, farmId !== undefined && view === 'current');
  const list = useMemo(() => flocks.data?.list ?? [], [flocks.data]);
  const reportQuery = useMemo<ReportQuery | null>(
    () =>
      farmId !== undefined && list.length > 0 && view === 'current'
        ? { farmId, start: addDays(today, -WEIGHT_LOOKBACK_DAYS), end: today, period: 'day', groupBy: 'flock', includeClosed: false }
        : null,
    [farmId, list.length, today, view],
  );
  const summary = useFlockSummary(reportQuery);
  // No figures until the report has answered: a card must not say "not entered" for a report it never got.
  const figures = useMemo(
    () => new Map(summary.data ? list.map((f) => [f.id, cardFigures(summary.data.rows, f.id, today)] as const) : []),
    [list, summary.data, today],
  );
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q
      ? list.filter(
          (f) => f.shedName.toLowerCase().includes(q) || f.groupNo.toLowerCase().includes(q) || (f.breed ?? '').toLowerCase().includes(q),
        )
      : list;
  }, [list, search]);
  const totals = useMemo(
    () => ({ present: list.reduce((n, f) => n + f.present, 0), placed: list.reduce((n, f) => n + f.maleCount + f.femaleCount, 0) }),
    [list],
  );

  // History is searched by the server, which matches the group number only.
  const searchLabel = view === 'history' ? t('records:flock.groupNo') : t('page.search');

  let body: ReactElement;
  if (farms.length === 0 || farmId === undefined) {
    body = lists.isPending ? <LoadingBlock rows={2} /> : <EmptyBlock title={t('page.noFarm')} hint={t('page.noFarmHint')} />;
  } else if (view === 'history') {
    body = <FlockHistoryTable key={`${farmId}:${search.trim()}`} farmId={farmId} keyword={search} onOpen={setOpen} />;
  } else if (flocks.isPending || (flocks.isError && flocks.error instanceof CancelledError)) {
    body = <LoadingBlock rows={3} />;
  } else if (flocks.isError) {
    body = <ErrorBlock title={t('page.loadFailed')} onRetry={() => void flocks.refetch()} />;
  } else if (list.length === 0) {
    body = <EmptyBlock title={t('page.noFlocks')} hint={t('page.noFlocksHint')} />;
  } else if (shown.length === 0) {
    body = <EmptyBlock title={t('page.noMatch', { text: search.trim() })} />;
  } else {
    // The cards still name every flock when their figures failed; the error says why they read "—".
    const figuresFailed = summary.isError && !(summary.error instanceof CancelledError);
    body = (
      <>
        {figuresFailed && <ErrorBlock title={t('page.loadFailed')} onRetry={() => void summary.refetch()} />}
        <Row gutter={[16, 16]} role="list" aria-label={t('page.cards')}>
          {shown.map((f) => (
            <Col key={f.id} xs={24} sm={12} lg={8} xxl={6} role="listitem">
              <FlockCard flock={f} figures={figures.get(f.id)} onOpen={setOpen} />
            </Col>
          ))}
        </Row>
      </>
    );
  }

  return (
    <section className="fs-overview" aria-labelledby="page-title">
      <div className="fs-page-head">
        <div className="fs-page-head__titles">
          <Typography.Title level={3} id="page-title" className="fs-page-head__title">
            {menuLabel('ci18.group.current')}
          </Typography.Title>
        </div>
        <div className="fs-toolbar">
          <label htmlFor={FARM_FIELD_ID} className="fs-toolbar__label">
            {t('fields.farm')}
          </label>
          <FarmSelect id={FARM_FIELD_ID} choice={choice} placeholder={t('page.selectFarm')} />
          <Segmented<View>
            aria-label={t('page.view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'current', label: t('status.current') },
              { value: 'history', label: t('status.history') },
            ]}
          />
          <Input
            allowClear
            prefix={<SearchOutlined />}
            className="fs-toolbar__search"
            aria-label={searchLabel}
            placeholder={searchLabel}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {view === 'current' && <RefreshButton query={allQueries([flocks, summary])} disabled={farmId === undefined} />}
        </div>
      </div>
      {view === 'current' && list.length > 0 && (
        <div className="fs-summary" aria-label={t('page.summary')}>
          <Statistic title={t('page.flockCount')} value={list.length} />
          <Statistic title={t('page.present')} value={fmt(totals.present)} />
          <Statistic title={t('page.placed')} value={fmt(totals.placed)} />
        </div>
      )}
      {body}
      {open && <FlockDrawer flock={open} today={today} onClose={() => setOpen(null)} />}
    </section>
  );
}
