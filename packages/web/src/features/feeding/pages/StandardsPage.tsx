import type { ReactElement } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PIG_PEN_FEEDING_TYPES, type StandardRow } from '@farmsense/shared';
import { menuLabel } from '../../../app/i18n/i18n';
import { enumLabel } from '../../../ui/enumLabel';
import { lazyPart } from '../../../ui/lazyPart';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { nameColumn } from '../../../ui/list/nameColumn';
import { oneOfFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useDeleteStandard, useStandardPage } from '../api';
import { formatAmount } from '../model/format';

const StandardFormDrawer = lazyPart(() => import('../components/StandardFormDrawer').then((m) => m.StandardFormDrawer));

const FILTERS = { name: textFilter, penFeedingType: oneOfFilter(PIG_PEN_FEEDING_TYPES) };

/** "Day 1-114" over all age rows, and the lowest minimum to the highest maximum. */
function daySpan(r: StandardRow): { start: number; end: number } | null {
  return r.ages.length === 0 ? null : { start: r.ages[0]!.startDay, end: r.ages.at(-1)!.endDay };
}

/**
 * /std/mgn: the tenant's feeding standards (daily amount by day age per pen feeding type and
 * breed, with adjustments) and how many plans keep to each; add and edit in a drawer, delete. A
 * standard a plan keeps to cannot be deleted (20036): the confirmation says so before asking.
 */
export function StandardsPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const list = useListPage(FILTERS);
  const page = useStandardPage(list.query);
  const remove = useDeleteStandard();
  const form = useRowDialog<StandardRow>();

  const columns: ColumnsType<StandardRow> = [
    nameColumn<StandardRow>({ key: 'name', title: t('standard.fields.name'), width: 260, name: (r) => r.name, sub: (r) => r.breed }),
    {
      key: 'penFeedingType',
      title: t('standard.fields.penFeedingType'),
      width: 130,
      render: (_, r) => enumLabel('pigPenFeedingType', r.penFeedingType),
    },
    {
      key: 'days',
      title: t('standard.fields.days'),
      width: 130,
      render: (_, r) => {
        const span = daySpan(r);
        return span ? t('standard.dayRange', span) : '—';
      },
    },
    {
      key: 'amounts',
      title: t('standard.fields.amounts'),
      width: 170,
      align: 'right',
      render: (_, r) =>
        t('standard.amountRange', {
          min: formatAmount(Math.min(...r.ages.map((a) => a.minAmount))),
          max: formatAmount(Math.max(...r.ages.map((a) => a.maxAmount))),
        }),
    },
    {
      key: 'excessRatio',
      title: t('standard.fields.excessRatio'),
      width: 110,
      align: 'right',
      render: (_, r) => `${formatAmount(r.excessRatio, 1)} %`,
    },
    {
      key: 'adjustments',
      title: t('standard.adjustments'),
      width: 260,
      render: (_, r) =>
        r.adjustments.length === 0
          ? t('standard.noAdjustments')
          : [...new Set(r.adjustments.map((a) => a.factor))].map((f) => t(`standard.factors.${f}`)).join(', '),
    },
    { key: 'planUses', title: t('standard.fields.planUses'), width: 90, align: 'right', render: (_, r) => r.planUses },
    editDeleteColumn<StandardRow>(t, 'standard', 200, {
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
      head={{ title: menuLabel('std.mgn'), subtitle: t('standard.subtitle'), addLabel: t('standard.add'), onAdd: form.add }}
      filterLabel={t('filters.label')}
      filters={[
        { text: 'name', id: 'standard-name', label: t('standard.filters.name'), width: 240 },
        {
          select: 'penFeedingType',
          id: 'standard-pen-type',
          label: t('standard.fields.penFeedingType'),
          width: 180,
          options: PIG_PEN_FEEDING_TYPES.map((v) => ({ value: v, label: enumLabel('pigPenFeedingType', v) })),
        },
      ]}
      table={{ label: t('standard.table'), columns, empty: t('standard.empty'), noMatch: t('filters.noMatch'), scroll: { x: 1500 } }}
    >
      {form.open && <StandardFormDrawer row={form.row} onClose={form.close} />}
    </ListPage>
  );
}
