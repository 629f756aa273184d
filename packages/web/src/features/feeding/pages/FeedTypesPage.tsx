import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FeedTypeRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { lazyPart } from '../../../ui/lazyPart';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { textFilter, useListPage } from '../../../ui/list/useListPage';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useDeleteFeedType, useFeedTypePage } from '../api';

const FeedTypeFormDialog = lazyPart(() => import('../components/FeedTypeFormDialog').then((m) => m.FeedTypeFormDialog));

/**
 * /accurate-feeding/info/type: the tenant's feed types with how many feeds each has; add, rename,
 * delete. A type with feeds cannot be deleted (20036): the confirmation says so before asking.
 */
export function FeedTypesPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const list = useListPage({ name: textFilter });
  const page = useFeedTypePage(list.query);
  const remove = useDeleteFeedType();
  const form = useRowDialog<FeedTypeRow>();

  const columns: ColumnsType<FeedTypeRow> = [
    { key: 'name', title: t('types.fields.name'), width: 220, render: (_, r) => <strong>{r.name}</strong> },
    { key: 'remark', title: t('types.fields.remark'), render: (_, r) => r.remark ?? '—' },
    { key: 'infoCount', title: t('types.fields.infoCount'), width: 120, align: 'right', render: (_, r) => r.infoCount },
    editDeleteColumn<FeedTypeRow>(t, 'types', 200, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      inUse: (r) => r.infoCount,
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{ title: menuLabel('accurate-feeding.info.type'), subtitle: t('types.subtitle'), addLabel: t('types.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[{ text: 'name', id: 'feed-type-name', label: t('types.fields.name'), width: 240 }]}
      table={{ label: t('types.table'), columns, empty: t('types.empty'), noMatch: t('filters.noMatch'), scroll: { x: 800 } }}
    >
      {form.open && <FeedTypeFormDialog type={form.row} onClose={form.close} />}
    </ListPage>
  );
}
