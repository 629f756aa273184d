import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { FARM_TYPES, type FeedInfoRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { lazyPart } from '../../../ui/lazyPart';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { nameColumn } from '../../../ui/list/nameColumn';
import { numberFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useDeleteFeedInfo, useFeedInfoPage, useFeedTypeList } from '../api';
import { formatAmount } from '../model/format';

const FeedInfoFormDialog = lazyPart(() => import('../components/FeedInfoFormDialog').then((m) => m.FeedInfoFormDialog));

const FILTERS = { name: textFilter, typeId: numberFilter, animalType: numberFilter };

/**
 * /accurate-feeding/info/info: the tenant's feeds with batch, type, animal, formula ratio, package
 * weight and price, and how many plan stages feed each; add, edit, delete. A feed a plan uses
 * cannot be deleted (20036): the confirmation says so before asking.
 */
export function FeedInfoPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const list = useListPage(FILTERS);
  const page = useFeedInfoPage(list.query);
  const types = useFeedTypeList();
  const remove = useDeleteFeedInfo();
  const form = useRowDialog<FeedInfoRow>();

  const columns: ColumnsType<FeedInfoRow> = [
    nameColumn<FeedInfoRow>({
      key: 'name',
      title: t('info.fields.name'),
      width: 220,
      name: (r) => r.name,
      sub: (r) => t('info.batchOf', { batch: r.batch }),
    }),
    { key: 'type', title: t('info.fields.typeId'), width: 160, render: (_, r) => r.typeName },
    { key: 'animalType', title: t('info.fields.animalType'), width: 110, render: (_, r) => enumLabel('farmType', r.animalType) },
    { key: 'formulaRatio', title: t('info.fields.formulaRatio'), width: 280, render: (_, r) => r.formulaRatio ?? '—' },
    {
      key: 'weight',
      title: t('info.fields.weight'),
      width: 120,
      align: 'right',
      render: (_, r) => `${formatAmount(r.weight)} ${t(`units.${r.unit}`)}`,
    },
    {
      key: 'price',
      title: t('info.fields.price'),
      width: 140,
      align: 'right',
      render: (_, r) => (r.price === null ? '—' : `${formatAmount(r.price, 2)}${r.priceUnit ? ` ${r.priceUnit}` : ''}`),
    },
    { key: 'planUses', title: t('info.fields.planUses'), width: 110, align: 'right', render: (_, r) => r.planUses },
    editDeleteColumn<FeedInfoRow>(t, 'info', 200, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      inUse: (r) => r.planUses,
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('accurate-feeding.info.info'), subtitle: t('info.subtitle'), addLabel: t('info.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[
        { text: 'name', id: 'feed-info-name', label: t('info.filters.name'), width: 240 },
        {
          select: 'typeId',
          id: 'feed-info-type',
          label: t('info.fields.typeId'),
          width: 200,
          options: (types.data ?? []).map((ty) => ({ value: ty.id, label: ty.name })),
          loading: types.isPending,
        },
        {
          select: 'animalType',
          id: 'feed-info-animal',
          label: t('info.fields.animalType'),
          width: 160,
          options: FARM_TYPES.map((v) => ({ value: v as number, label: enumLabel('farmType', v) })),
        },
      ]}
      table={{ label: t('info.table'), columns, empty: t('info.empty'), noMatch: t('filters.noMatch'), scroll: { x: 1400 } }}
    >
      {form.open && <FeedInfoFormDialog feed={form.row} types={types.data ?? []} onClose={form.close} />}
    </ListPage>
  );
}
