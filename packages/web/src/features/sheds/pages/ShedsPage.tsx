import { lazyPart } from '../../../ui/lazyPart';
import { useMemo, useState, type ReactElement } from 'react';
import { Alert, Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AppstoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderLabel, shedLabel, type ShedOverviewRow } from '@farmsense/shared';
import { useSessionLists } from '../../../app/auth/queries';
import { useFarmChoice, useFarms } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel, shedTypeLabel, translateKnown } from '../../../ui/enumLabel';
import { PageHead } from '../../../ui/PageParts';
import { FarmSelect } from '../../../ui/FarmSelect';
import { ListTable } from '../../../ui/list/ListPage';
import { useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, useListPage } from '../../../ui/list/useListPage';
import { useScreenBand } from '../../../ui/useScreenBand';
import { EditAction, RowAction } from '../../../ui/RowAction';
import { actionsColumn } from '../../../ui/actionsColumn';
import { ConfirmedDeleteAction } from '../../../ui/EditDeleteActions';
import { EmptyBlock, LoadingBlock } from '../../../ui/QueryStates';
import { useDeleteShed, useShedPage } from '../api';
import { shedTypesFor } from '../components/shedTypes';
import '../../../ui/admin.css';
import '../sheds.css';

// The shed dialog and the pens drawer load when opened (the list is the page's first view).
const ShedFormDialog = lazyPart(() => import('../components/ShedFormDialog').then((m) => m.ShedFormDialog));
const PensDrawer = lazyPart(
  () => import('../components/PensDrawer').then((m) => m.PensDrawer),
  (p) => p.shed !== null,
);

const FARM_FIELD_ID = 'shedlist-farm';

/**
 * /housemanagement/shedlist: the sheds (houses) of one farm with their SPEC §3 label, type, pen
 * count and gateways; add, edit, delete, and the pens of each shed.
 */
export function ShedsPage(): ReactElement {
  const { t } = useTranslation(['sheds', 'common']);
  const lists = useSessionLists();
  const farms = useFarms();
  const list = useListPage({ farmId: numberFilter });
  const { paging } = list;
  // Until a farm is picked here, the farm chosen for the current pig/poultry mode (new houses go there).
  const choice = useFarmChoice();
  const farm = farms.find((f) => f.id === list.filters.farmId) ?? choice.farm ?? farms[0];
  const query = useMemo(() => (farm ? { farmId: farm.id, ...paging } : null), [farm, paging]);
  const page = useShedPage(query);
  const remove = useDeleteShed();
  const compact = useScreenBand() !== 'large';
  const form = useRowDialog<ShedOverviewRow>();
  const [pensFor, setPensFor] = useState<ShedOverviewRow | null>(null);
  const canAdd = shedTypesFor(farm?.type).length > 0;

  const columns: ColumnsType<ShedOverviewRow> = [
    {
      key: 'shedName',
      title: t('fields.shedName'),
      fixed: 'left',
      width: 180,
      render: (_, s) => (
        <Typography.Text strong ellipsis={{ tooltip: s.shedName }}>
          {s.shedName}
        </Typography.Text>
      ),
    },
    {
      key: 'label',
      title: t('fields.label'),
      width: 190,
      render: (_, s) => <span data-testid="shedlist-label">{renderLabel(shedLabel(s), translateKnown)}</span>,
    },
    {
      key: 'type',
      title: t('fields.shedType'),
      width: 130,
      render: (_, s) => (
        <Tag bordered={false} color="green">
          {shedTypeLabel(s.shedType) || s.shedType}
        </Tag>
      ),
    },
    {
      key: 'pens',
      title: t('fields.penCount'),
      width: 90,
      align: 'right',
      render: (_, s) => (
        <span className="fs-nowrap" data-testid="shedlist-pens">
          {s.penCount}
        </span>
      ),
    },
    {
      key: 'gateways',
      title: t('fields.gateways'),
      width: 220,
      render: (_, s) =>
        s.gateways.length === 0 ? (
          <span className="fs-muted">{t('table.noGateway')}</span>
        ) : (
          <span className="fs-tags">
            {s.gateways.map((g) => (
              <Tooltip key={g.code} title={`${g.name} · ${enumLabel('gatewayType', g.gatewayType)}`}>
                <Tag className="fs-mono">{g.code}</Tag>
              </Tooltip>
            ))}
          </span>
        ),
    },
    actionsColumn<ShedOverviewRow>(t('common:actions'), compact ? 230 : 360, (s) => (
      <>
        <RowAction
          compact={compact}
          keepText
          primary
          icon={<AppstoreOutlined />}
          text={t('actions.pens')}
          label={t('actions.pensOf', { name: s.shedName })}
          onClick={() => setPensFor(s)}
        />
        <EditAction compact={compact} label={t('actions.editOf', { name: s.shedName })} onClick={() => form.edit(s)} />
        <ConfirmedDeleteAction
          compact={compact}
          label={t('actions.deleteOf', { name: s.shedName })}
          disabled={s.gateways.length > 0}
          hint={s.gateways.length > 0 ? t('delete.gatewaysBound', { count: s.gateways.length }) : undefined}
          // A refusal (e.g. gateways still bound, or a linked camera) is shown by the API client.
          confirm={{
            title: t('delete.title', { name: s.shedName }),
            content: s.penCount > 0 ? t('delete.withPens', { count: s.penCount }) : t('delete.text'),
            run: () => remove.mutateAsync(s.tid),
          }}
        />
      </>
    )),
  ];

  let body: ReactElement;
  if (!farm) {
    body = lists.isLoading ? <LoadingBlock rows={2} /> : <EmptyBlock title={t('page.noFarm')} hint={t('page.noFarmHint')} />;
  } else {
    body = (
      <div className="fs-panel">
        {!canAdd && <Alert type="info" showIcon banner title={t('page.noTypes')} />}
        <ListTable
          list={list}
          page={page}
          label={t('table.label')}
          rowKey="tid"
          columns={columns}
          emptyText={t('table.empty')}
          scroll={{ x: 1170 }}
        />
      </div>
    );
  }

  return (
    <section className="fs-admin-page" aria-labelledby="page-title">
      <PageHead
        title={menuLabel('housemanagement.shedlist')}
        subtitle={t('page.subtitle')}
        addLabel={t('actions.add')}
        addDisabled={!farm || !canAdd}
        onAdd={form.add}
        actions={
          <>
            <label htmlFor={FARM_FIELD_ID} className="fs-toolbar__label">
              {t('page.farm')}
            </label>
            <FarmSelect
              id={FARM_FIELD_ID}
              choice={{ farms, farmId: farm?.id, select: (farmId) => list.apply({ farmId }) }}
              placeholder={t('page.selectFarm')}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void page.refetch()} disabled={!farm} aria-label={t('common:refresh')} />
          </>
        }
      />
      {body}
      {form.open && farm && <ShedFormDialog farm={farm} shed={form.row} onClose={form.close} />}
      <PensDrawer shed={pensFor} onClose={() => setPensFor(null)} />
    </section>
  );
}
