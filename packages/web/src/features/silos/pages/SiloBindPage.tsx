import { useState, type ReactElement } from 'react';
import { Tag } from 'antd';
import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SiloRow } from '@farmsense/shared';
import { NoFarm, useFarmChoice } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { lazyPart } from '../../../ui/lazyPart';
import { useRowDialog } from '../../../ui/list/ListPage';
import { useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar } from '../../../ui/FilterBar';
import { RowAction } from '../../../ui/RowAction';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useScreenBand } from '../../../ui/useScreenBand';
import { fmtKg } from '../model/forecast';
import { PageFrame } from '../../../ui/PageParts';
import { useDeleteSilo, useSiloPage, useUnbindScale } from '../api';
import '../../../ui/admin.css';

const SiloFormDialog = lazyPart(() => import('../components/SiloFormDialog').then((m) => m.SiloFormDialog));
const BindScaleDialog = lazyPart(() => import('../components/BindScaleDialog').then((m) => m.BindScaleDialog));

/**
 * /weight/bind: the silos (feed towers) of a farm with the houses they feed, what they hold, their
 * alarm shares and the weigher channel weighing them; add, edit, bind or unbind the scale, delete.
 */
export function SiloBindPage(): ReactElement {
  const { t } = useTranslation(['silos', 'common']);
  const choice = useFarmChoice();
  const list = useListPage({});
  const farmId = choice.farmId;
  const page = useSiloPage({ pageNo: list.paging.pageNo, pageSize: list.paging.pageSize, farmId }, farmId !== undefined);
  const form = useRowDialog<SiloRow>();
  const [binding, setBinding] = useState<SiloRow | null>(null);
  const remove = useDeleteSilo();
  const unbind = useUnbindScale();
  const confirm = useConfirmAction();
  const compact = useScreenBand() !== 'large';
  if (farmId === undefined) return <NoFarm farmType={choice.farmType} />;

  const columns: ColumnsType<SiloRow> = [
    { key: 'name', title: t('fields.name'), width: 160, render: (_, r) => <strong>{r.name}</strong> },
    { key: 'sheds', title: t('fields.sheds'), width: 220, render: (_, r) => r.sheds.map((s) => s.shedName).join(', ') },
    {
      key: 'capacity',
      title: t('fields.capacityKg'),
      width: 120,
      align: 'right',
      render: (_, r) => t('units.kg', { value: fmtKg(r.capacityKg) }),
    },
    {
      key: 'alarms',
      title: t('fields.alarmShares'),
      width: 150,
      render: (_, r) => t('bind.shares', { empty: r.emptyPct, full: r.fullPct }),
    },
    { key: 'lead', title: t('fields.leadDays'), width: 110, align: 'right', render: (_, r) => t('units.days', { count: r.leadDays }) },
    {
      key: 'scale',
      title: t('fields.scale'),
      width: 220,
      render: (_, r) =>
        r.gatewayId === null ? (
          <Tag bordered={false} data-testid="silo-unbound">
            {t('bind.unbound')}
          </Tag>
        ) : (
          <span data-testid="silo-scale">{t('bind.scaleChannel', { name: r.gatewayName, code: r.gatewayCode, channel: r.channel })}</span>
        ),
    },
    editDeleteColumn<SiloRow>(t, 'bind', compact ? 160 : 320, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      compact,
      between: (r) =>
        r.gatewayId === null ? (
          <RowAction
            compact={compact}
            icon={<LinkOutlined />}
            label={t('bind.bindOf', { name: r.name })}
            text={t('bind.bind')}
            onClick={() => setBinding(r)}
          />
        ) : (
          <RowAction
            compact={compact}
            icon={<DisconnectOutlined />}
            label={t('bind.unbindOf', { name: r.name })}
            text={t('bind.unbind')}
            onClick={() =>
              confirm({
                title: t('bind.unbindTitle', { name: r.name }),
                content: t('bind.unbindWarning'),
                okText: t('bind.unbind'),
                run: () => unbind.mutateAsync(r.id),
                done: t('bind.unbindDone', { name: r.name }),
              })
            }
          />
        ),
    }),
  ];

  return (
    <PageFrame
      head={{ title: menuLabel('weight.bind'), subtitle: t('bind.subtitle'), addLabel: t('bind.add'), onAdd: form.add }}
      after={
        <>
          {form.open && <SiloFormDialog farmId={farmId} silo={form.row} onClose={form.close} />}
          {binding && <BindScaleDialog silo={binding} onClose={() => setBinding(null)} />}
        </>
      }
    >
      <FilterBar label={t('filters')}>
        <FarmField id="silo-farm" label={t('fields.farm')} width={220} choice={choice} onPicked={() => list.apply({})} />
      </FilterBar>
      <ListTable
        list={list}
        page={page}
        label={menuLabel('weight.bind')}
        columns={columns}
        emptyText={t('bind.empty')}
        scroll={{ x: 1300 }}
      />
    </PageFrame>
  );
}
