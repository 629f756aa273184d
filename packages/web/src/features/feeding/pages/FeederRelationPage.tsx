import { useState, type ReactElement } from 'react';
import { Select, Space, Tag } from 'antd';
import { DisconnectOutlined, EditOutlined, LinkOutlined, SwapOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { POSITION_STATES, type PositionRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { actionsColumn } from '../../../ui/actionsColumn';
import { FarmSelect } from '../../../ui/FarmSelect';
import { lazyPart } from '../../../ui/lazyPart';
import { StackCell } from '../../../ui/list/nameColumn';
import { ListPage } from '../../../ui/list/ListPage';
import { numberFilter, oneOfFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { RowAction } from '../../../ui/RowAction';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import type { PositionAction } from '../components/PositionDialog';
import { usePositionPage, useUnbindFeeder } from '../rackApi';

const PositionDialog = lazyPart(() => import('../components/PositionDialog').then((m) => m.PositionDialog));

const FILTERS = { shedId: numberFilter, state: oneOfFilter(POSITION_STATES), name: textFilter };

/**
 * /device-mng/feed/swq/relation: the positions of a house (the first one unless another is
 * picked) with the feeder standing at each; bind a feeder to an empty position, move a feeder to
 * another empty position (to another pen: the feeder moves to that pen), unbind it after a
 * confirmation, or rename it. One feeder per position and one position per feeder (20091).
 */
export function FeederRelationPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice(1);
  const sheds = useShedOptions(choice.farmId);
  const list = useListPage(FILTERS);
  const shedId = list.query.shedId ?? sheds.data?.[0]?.value;
  const page = usePositionPage({ ...list.query, shedId: shedId ?? 0, state: list.query.state ?? 'all' }, shedId !== undefined);
  const unbind = useUnbindFeeder();
  const confirm = useConfirmAction();
  const [open, setOpen] = useState<{ action: PositionAction; row: PositionRow } | null>(null);
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const act = (row: PositionRow, action: PositionAction, icon: ReactElement, primary = false): ReactElement => (
    <RowAction
      compact={false}
      keepText
      primary={primary}
      icon={icon}
      text={t(`relation.actions.${action}`)}
      label={t(`relation.actionOf.${action}`, { no: row.positionNo })}
      onClick={() => setOpen({ action, row })}
    />
  );

  const columns: ColumnsType<PositionRow> = [
    {
      key: 'position',
      title: t('relation.fields.position'),
      width: 130,
      fixed: 'left',
      render: (_, r) => <strong>{t('relation.positionNo', { no: r.positionNo })}</strong>,
    },
    { key: 'rack', title: t('relation.fields.rack'), width: 150, render: (_, r) => r.rackName },
    {
      key: 'pen',
      title: t('racks.fields.penId'),
      width: 150,
      render: (_, r) => t('plan.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    {
      key: 'feeder',
      title: t('relation.fields.feeder'),
      width: 240,
      render: (_, r) =>
        r.feeder ? (
          <StackCell
            main={<strong>{r.feeder.name}</strong>}
            sub={`${t('feedDevices.noOf', { no: r.feeder.deviceNo })}${r.feeder.collectorName ? ` · ${r.feeder.collectorName}` : ''}`}
          />
        ) : (
          <Tag>{t('relation.empty')}</Tag>
        ),
    },
    actionsColumn<PositionRow>(
      t('common:actions'),
      330,
      (r) => {
        const feeder = r.feeder;
        if (!feeder) return act(r, 'bind', <LinkOutlined />, true);
        return (
          <>
            {act(r, 'move', <SwapOutlined />)}
            {act(r, 'rename', <EditOutlined />)}
            <RowAction
              compact={false}
              keepText
              danger
              icon={<DisconnectOutlined />}
              text={t('relation.actions.unbind')}
              label={t('relation.actionOf.unbind', { no: r.positionNo })}
              onClick={() =>
                confirm({
                  title: t('relation.unbindTitle', { name: feeder.name, no: r.positionNo }),
                  content: t('relation.unbindWarning'),
                  okText: t('relation.actions.unbind'),
                  danger: true,
                  run: () => unbind.mutateAsync({ positionId: r.id, feederId: feeder.id }),
                  done: t('relation.done.unbind', { no: r.positionNo }),
                })
              }
            />
          </>
        );
      },
      { wrap: true },
    ),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel('device-mng.feed.swq.relation'),
        subtitle: t('relation.subtitle'),
        // The house is always one (the first unless another is picked): chosen here, not filtered.
        actions: (
          <Space wrap>
            <FarmSelect id="relation-farm" choice={choice} onPicked={() => list.apply({ shedId: undefined })} />
            <Select<number>
              id="relation-shed"
              aria-label={t('racks.fields.shedId')}
              style={{ minWidth: 180 }}
              value={shedId}
              options={sheds.data ?? []}
              loading={sheds.isPending}
              onChange={(v) => list.apply({ shedId: v })}
            />
          </Space>
        ),
      }}
      filterLabel={t('filters.label')}
      filters={[
        {
          select: 'state',
          id: 'relation-state',
          label: t('relation.fields.state'),
          width: 160,
          options: POSITION_STATES.map((s) => ({ value: s, label: t(`relation.states.${s}`) })),
        },
        { text: 'name', id: 'relation-name', label: t('relation.filters.name'), width: 200 },
      ]}
      table={{ label: t('relation.table'), columns, empty: t('relation.none'), noMatch: t('filters.noMatch'), scroll: { x: 1100 } }}
    >
      {open && shedId !== undefined && (
        <PositionDialog action={open.action} position={open.row} shedId={shedId} onClose={() => setOpen(null)} />
      )}
    </ListPage>
  );
}
