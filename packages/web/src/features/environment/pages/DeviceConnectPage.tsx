import { useMemo, useState, type ReactElement } from 'react';
import { Badge, Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceConnectRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { FilterBar } from '../../../ui/FilterBar';
import { SegmentedFilter } from '../../../ui/SegmentedFilter';
import { PagedTable } from '../../../ui/PagedTable';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { envApi, type ConnectRequest } from '../api';
import { ControllerDrawer, type DrawerTarget } from '../components/ControllerDrawer';
import { LiveBadge } from '../components/LiveBadge';
import { useNow } from '../hooks/useNow';
import { useLiveTelemetry } from '../live/useLiveTelemetry';
import { fmtAgo, fmtDuration, fmtTime } from '../model/format';
import { SelectFilter } from '../../../ui/SelectFilter';
import { useFarms } from '../../../app/auth/queries';
import '../../../ui/report-page.css';
import '../environment.css';

/**
 * /device-connect/controller: every controller the account may see with its link state, since
 * when, when it was last heard from and how often it dropped out in the last 7 days; filter by
 * farm and by online / offline. Link changes arrive over the live stream, so the list does not
 * need reloading to show a controller going down. A row opens the controller's full state.
 */
type OnlineFilter = 'all' | 'online' | 'offline';
const FILTERS = { farmId: numberFilter, online: oneOfFilter(['online', 'offline'] as const) };

export function DeviceConnectPage(): ReactElement {
  const { t } = useTranslation(['environment', 'shell', 'common']);
  const farms = useFarms();
  const list = useListPage(FILTERS);
  const { paging } = list;
  const { farmId, online = 'all' } = list.filters;
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null);
  const now = useNow();
  const live = useLiveTelemetry();

  const req: ConnectRequest = { ...paging, farmId, online: online === 'all' ? undefined : online === 'online' };
  const page = useQuery({
    queryKey: ['environment', 'connect', req],
    queryFn: ({ signal }) => envApi.connectStatus(req, signal),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery({
    queryKey: ['environment', 'connect-counts', farmId],
    queryFn: async ({ signal }) => {
      const [on, off] = await Promise.all([
        envApi.connectStatus({ farmId, online: true, pageNo: 1, pageSize: 1 }, signal),
        envApi.connectStatus({ farmId, online: false, pageNo: 1, pageSize: 1 }, signal),
      ]);
      return { online: on.total, offline: off.total };
    },
  });

  // The stream's newer knowledge over the loaded page: link state and the time last heard from.
  const shown = useMemo(() => {
    if (!page.data) return undefined;
    return {
      ...page.data,
      list: page.data.list.map((r) => {
        const g = live.gateways[r.gatewayId];
        if (!g) return r;
        const changed = g.online !== undefined && g.online !== r.online;
        return {
          ...r,
          online: g.online ?? r.online,
          since: changed ? (g.heardAt ?? r.since) : r.since,
          lastSeenAt: Math.max(r.lastSeenAt ?? 0, g.ts ?? 0) || r.lastSeenAt,
        };
      }),
    };
  }, [page.data, live.gateways]);

  const open = (r: DeviceConnectRow): void =>
    setDrawer({ shedId: r.shedId ?? undefined, title: r.gatewayName, gatewayCodes: [r.gatewayCode] });
  const columns = useMemo<ColumnsType<DeviceConnectRow>>(
    () => [
      {
        title: t('common:status'),
        key: 'online',
        width: 150,
        render: (_, r) => (
          <span className="fs-cell-stack" data-testid="connect-status">
            {r.online ? <Badge status="success" text={t('common:online')} /> : <Badge status="error" text={t('common:offline')} />}
            {r.since && <span className="fs-cell-sub">{t('connect.for', { duration: fmtDuration(now - r.since) })}</span>}
          </span>
        ),
      },
      {
        title: t('detail.code'),
        key: 'code',
        render: (_, r) => (
          <Button
            type="link"
            size="small"
            className="fs-mono fs-link-cell"
            aria-label={t('card.details', { name: r.gatewayCode })}
            onClick={(e) => {
              e.stopPropagation();
              open(r);
            }}
          >
            {r.gatewayCode}
          </Button>
        ),
      },
      { title: t('detail.name'), dataIndex: 'gatewayName', key: 'name' },
      { title: t('detail.type'), key: 'type', render: (_, r) => enumLabel('gatewayType', r.gatewayType) },
      { title: t('shell:overview.farm'), key: 'farm', render: (_, r) => r.farmName ?? '–' },
      { title: t('records.shed'), key: 'shed', render: (_, r) => r.shedName ?? <span className="fs-muted">{t('connect.noShed')}</span> },
      {
        title: t('detail.lastSeen'),
        key: 'lastSeen',
        render: (_, r) =>
          r.lastSeenAt ? (
            <Tooltip title={fmtTime(r.lastSeenAt, true)}>
              <span>{fmtAgo(r.lastSeenAt, now)}</span>
            </Tooltip>
          ) : (
            <span className="fs-muted">{t('card.neverSeen')}</span>
          ),
      },
      {
        title: t('connect.offCount7d'),
        dataIndex: 'offCount7d',
        key: 'off',
        align: 'right',
        render: (n: number) => (n > 0 ? <Tag color={n >= 5 ? 'red' : 'orange'}>{n}</Tag> : <span className="fs-muted">0</span>),
      },
    ],
    [t, now],
  );

  return (
    <section className="fs-env-page" aria-labelledby="page-title">
      <div className="fs-page-head">
        <div>
          <div className="fs-page-head__titles">
            <Typography.Title level={3} id="page-title" className="fs-page-head__title">
              {menuLabel('device-connect.controller')}
            </Typography.Title>
            <LiveBadge connection={live.connection} />
          </div>
          <Typography.Text type="secondary">{t('connect.subtitle')}</Typography.Text>
        </div>
        {counts.data && (
          <div className="fs-connect-counts" aria-label={t('connect.counts')}>
            <span>
              <Badge status="success" /> {t('common:online')} <b data-testid="connect-online-count">{counts.data.online}</b>
            </span>
            <span>
              <Badge status="error" /> {t('common:offline')} <b data-testid="connect-offline-count">{counts.data.offline}</b>
            </span>
          </div>
        )}
      </div>
      <div className="fs-panel">
        <FilterBar
          label={t('connect.filters')}
          actions={
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                void page.refetch();
                void counts.refetch();
              }}
              loading={page.isFetching}
            >
              {t('shell:actions.refresh')}
            </Button>
          }
        >
          <SelectFilter<number | 'all'>
            id="connect-farm"
            label={t('shell:overview.farm')}
            required
            className="fs-farm-select"
            value={farmId ?? 'all'}
            onChange={(v) => list.apply({ farmId: v === 'all' ? undefined : v })}
            options={[{ value: 'all' as const, label: t('connect.allFarms') }, ...farms.map((f) => ({ value: f.id, label: f.farmName }))]}
            popupMatchSelectWidth={false}
          />
          <SegmentedFilter<OnlineFilter>
            id="connect-online"
            label={t('connect.state')}
            aria-label={t('connect.state')}
            value={online}
            onChange={(v) => list.apply({ online: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('common:all') },
              { value: 'online', label: t('common:online') },
              { value: 'offline', label: t('common:offline') },
            ]}
          />
        </FilterBar>
        <PagedTable<DeviceConnectRow>
          label={menuLabel('device-connect.controller')}
          rowKey="gatewayId"
          columns={columns}
          page={shown}
          paging={paging}
          onPaging={list.setPaging}
          loading={page.isFetching}
          error={page.isError ? page.error : undefined}
          onRetry={() => void page.refetch()}
          emptyText={t('connect.empty')}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.online ? 'fs-row-clickable' : 'fs-row-clickable fs-row-offline')}
          onRow={(r) => ({ onClick: () => open(r) })}
        />
      </div>
      <ControllerDrawer
        target={drawer}
        onClose={() => setDrawer(null)}
        liveValues={(_shedId, code) => {
          const row = shown?.list.find((r) => r.gatewayCode === code);
          return row ? live.gateways[row.gatewayId]?.values : undefined;
        }}
      />
    </section>
  );
}
