import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { RackRow } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { FarmSelect } from '../../../ui/FarmSelect';
import { lazyPart } from '../../../ui/lazyPart';
import { StackCell } from '../../../ui/list/nameColumn';
import { houseFilter } from '../components/houseFilter';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { useDeleteRack, useRackPage } from '../rackApi';

const RackFormDialog = lazyPart(() => import('../components/RackFormDialog').then((m) => m.RackFormDialog));

const FILTERS = { shedId: numberFilter, name: textFilter };

/**
 * /accurate-feeding/column (pig mode): the feeding racks of the chosen farm's pig houses, each in
 * a pen with its run of positions (one sow place each) and how many hold a feeder; add, edit,
 * delete. Deleting a rack, or dropping positions from its run, leaves their feeders in the pen
 * without a position: the confirmation says how many.
 */
export function RacksPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice(1);
  const list = useListPage(FILTERS);
  const page = useRackPage({ ...list.query, farmId: choice.farmId }, choice.farmId !== undefined);
  const sheds = useShedOptions(choice.farmId);
  const remove = useDeleteRack();
  const form = useRowDialog<RackRow>();

  const columns: ColumnsType<RackRow> = [
    {
      key: 'name',
      title: t('racks.fields.name'),
      width: 200,
      fixed: 'left',
      render: (_, r) => <StackCell main={<strong>{r.name}</strong>} sub={r.remark} />,
    },
    { key: 'shed', title: t('racks.fields.shedId'), width: 160, render: (_, r) => r.shedName },
    {
      key: 'pen',
      title: t('racks.fields.penId'),
      width: 150,
      render: (_, r) => t('plan.penLabel', { column: r.penColumn, row: r.penRow }),
    },
    { key: 'run', title: t('racks.fields.run'), width: 140, render: (_, r) => t('racks.runLine', { start: r.startNo, end: r.endNo }) },
    { key: 'positions', title: t('racks.fields.positions'), width: 110, align: 'right', render: (_, r) => r.positions },
    { key: 'bound', title: t('racks.fields.bound'), width: 130, align: 'right', render: (_, r) => r.bound },
    editDeleteColumn<RackRow>(t, 'racks', 200, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      content: (r) => (r.bound > 0 ? t('racks.deleteBound', { count: r.bound }) : t('racks.deleteWarning', { count: r.positions })),
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel('accurate-feeding.column'),
        subtitle: t('racks.subtitle'),
        addLabel: t('racks.add'),
        onAdd: form.add,
        addDisabled: choice.farmId === undefined,
        actions: <FarmSelect id="racks-farm" choice={choice} onPicked={() => list.apply({ shedId: undefined })} />,
      }}
      filterLabel={t('filters.label')}
      filters={[
        houseFilter(sheds, 'racks-shed', t('racks.fields.shedId')),
        { text: 'name', id: 'racks-name', label: t('racks.filters.name'), width: 200 },
      ]}
      table={{ label: t('racks.table'), columns, empty: t('racks.empty'), noMatch: t('filters.noMatch'), scroll: { x: 1100 } }}
    >
      {form.open && choice.farmId !== undefined && <RackFormDialog rack={form.row} farmId={choice.farmId} onClose={form.close} />}
    </ListPage>
  );
}
