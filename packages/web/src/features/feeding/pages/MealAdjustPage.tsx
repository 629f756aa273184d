import { useState, type ReactElement } from 'react';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { minuteText, type MealAdjustKind, type MealAdjustRow } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { toast } from '../../../app/api/toast';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { lazyPart } from '../../../ui/lazyPart';
import { houseFilter } from '../components/houseFilter';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, useListPage } from '../../../ui/list/useListPage';
import { RowAction } from '../../../ui/RowAction';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { LazyCodeDialog } from '../components/RemoteParts';
import { MealFeeders } from '../components/MealFeeders';
import { useDeleteMealAdjust, useDispatchMealAdjust, useMealAdjustPage } from '../mealApi';
import { formatAmount } from '../model/format';

const MealAdjustFormDialog = lazyPart(() => import('../components/MealAdjustFormDialog').then((m) => m.MealAdjustFormDialog));
const FILTERS = { shedId: numberFilter };

/** What a row adjusts, in words: its house, or its house and pen. */
function targetOf(r: MealAdjustRow, penLabel: (column: number | null, row: number | null) => string): string {
  return r.penId === null ? r.shedName : `${r.shedName} · ${r.penName ?? penLabel(r.penColumn, r.penRow)}`;
}

/**
 * /accurate-feeding/meal/shed and /field: the meal adjustments of the chosen farm's houses, or of
 * single pens, each with the meal periods and ration change its feeders run instead of their
 * plan's (a pen's over its house's over the plan), and how many of its feeders confirmed them;
 * a row opens to its feeders. Add, edit, delete, and send the house or pen again with the
 * security code (the plan each feeder runs, adjusted).
 */
function MealAdjustPage({ kind }: { kind: MealAdjustKind }): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const page = useMealAdjustPage({ ...list.query, kind, farmId: choice.farmId }, choice.farmId !== undefined);
  const sheds = useShedOptions(choice.farmId);
  const remove = useDeleteMealAdjust();
  const dispatch = useDispatchMealAdjust();
  const form = useRowDialog<MealAdjustRow>();
  const [sending, setSending] = useState<MealAdjustRow | null>(null);
  const penLabel = (column: number | null, row: number | null): string => t('plan.penLabel', { column, row });

  const columns: ColumnsType<MealAdjustRow> = [
    {
      key: 'target',
      title: t(`meal.fields.${kind === 'shed' ? 'shed' : 'pen'}`),
      width: 200,
      fixed: 'left',
      render: (_, r) => <strong>{targetOf(r, penLabel)}</strong>,
    },
    {
      key: 'meals',
      title: t('plan.meals'),
      width: 280,
      render: (_, r) =>
        r.meals === null ? (
          <Typography.Text type="secondary">{t(`meal.keepsMeals.${kind}`)}</Typography.Text>
        ) : (
          r.meals.map((m) => `${minuteText(m.startMinute)}–${minuteText(m.endMinute)} ${formatAmount(m.share, 2)} %`).join(', ')
        ),
    },
    {
      key: 'ration',
      title: t('meal.ration'),
      width: 160,
      render: (_, r) =>
        r.ration === null ? (
          <Typography.Text type="secondary">{t(`meal.keepsRation.${kind}`)}</Typography.Text>
        ) : (
          t(`meal.rationOf.${r.ration.unit}`, { value: `${r.ration.value > 0 ? '+' : ''}${formatAmount(r.ration.value, 2)}` })
        ),
    },
    {
      key: 'feeders',
      title: t('meal.feeders'),
      width: 180,
      render: (_, r) => <span data-testid="meal-confirmed">{t('meal.confirmedOf', { confirmed: r.confirmed, feeders: r.feeders })}</span>,
    },
    { key: 'remark', title: t('meal.fields.remark'), width: 160, render: (_, r) => r.remark ?? '' },
    editDeleteColumn<MealAdjustRow>(t, 'meal', 240, {
      names: (r) => ({ target: targetOf(r, penLabel) }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      between: (r) => (
        <RowAction
          compact={false}
          icon={<SendOutlined />}
          label={t('meal.dispatchOf', { target: targetOf(r, penLabel) })}
          text={t('meal.dispatchAction')}
          disabled={r.feeders === 0}
          onClick={() => setSending(r)}
        />
      ),
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel(`accurate-feeding.meal.${kind}`),
        subtitle: t(`meal.subtitle.${kind}`),
        addLabel: t(`meal.add.${kind}`),
        onAdd: form.add,
        addDisabled: choice.farmId === undefined,
        actions: <FarmSelect id={`meal-${kind}-farm`} choice={choice} onPicked={() => list.apply({ shedId: undefined })} />,
      }}
      filterLabel={t('filters.label')}
      filters={[houseFilter(sheds, `meal-${kind}-shed`, t('meal.fields.shed'))]}
      table={{
        label: t(`meal.table.${kind}`),
        columns,
        empty: t(`meal.empty.${kind}`),
        noMatch: t('filters.noMatch'),
        scroll: { x: 1200 },
        expandable: { expandedRowRender: (r) => <MealFeeders id={r.id} />, rowExpandable: (r) => r.feeders > 0 },
      }}
    >
      {form.open && choice.farmId !== undefined && (
        <MealAdjustFormDialog row={form.row} kind={kind} farmId={choice.farmId} onClose={form.close} />
      )}
      <LazyCodeDialog
        open={sending !== null}
        title={t('meal.dispatchAction')}
        summary={sending ? t('meal.dispatchSummary', { target: targetOf(sending, penLabel), n: sending.feeders }) : ''}
        onClose={() => setSending(null)}
        run={async (code) => {
          if (!sending) return;
          const res = await dispatch.mutateAsync({ id: sending.id, ...code });
          toast.success(t('meal.dispatched', { n: res.feeders }));
        }}
      />
    </ListPage>
  );
}

export function MealShedPage(): ReactElement {
  return <MealAdjustPage kind="shed" />;
}

export function MealFieldPage(): ReactElement {
  return <MealAdjustPage kind="field" />;
}
