import type { ReactElement } from 'react';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DISPATCH_STATUSES, minuteText, type PlanRow } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { FarmSelect } from '../../../ui/FarmSelect';
import { lazyPart } from '../../../ui/lazyPart';
import { StackCell } from '../../../ui/list/nameColumn';
import { houseFilter } from '../components/houseFilter';
import { ListPage, useRowDialog } from '../../../ui/list/ListPage';
import { numberFilter, oneOfFilter, textFilter, useListPage } from '../../../ui/list/useListPage';
import { RedoOutlined, SendOutlined } from '@ant-design/icons';
import { RowAction } from '../../../ui/RowAction';
import { editDeleteColumn } from '../../../ui/EditDeleteActions';
import { useConfirmAction } from '../../../ui/useConfirmAction';
import { useDeletePlan, useDispatchPlan, usePlanPage, useRetryDispatch } from '../api';
import { formatAmount } from '../model/format';
import { formatDateTime } from '../../../app/i18n/numbers';

const PlanFormDialog = lazyPart(() => import('../components/PlanFormDialog').then((m) => m.PlanFormDialog));

const FILTERS = { shedId: numberFilter, name: textFilter, dispatchStatus: oneOfFilter(DISPATCH_STATUSES) };
const STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  scheduled: 'blue',
  dispatching: 'processing',
  dispatched: 'green',
  partial: 'orange',
  failed: 'red',
};

/**
 * /accurate-feeding/plan: the feeding plans of the chosen farm's houses, each with its stages
 * (feed and daily amount per age range), meals, target and dispatch state (how many feeders
 * confirmed, wait or failed) and, for a plan that keeps to a feeding standard, the stages that
 * feed below its minimum; add and edit in the plan dialog, dispatch (now, or scheduled at the
 * plan's time), delete.
 */
export function PlanPage(): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const page = usePlanPage({ ...list.query, farmId: choice.farmId }, choice.farmId !== undefined);
  const sheds = useShedOptions(choice.farmId);
  const remove = useDeletePlan();
  const dispatch = useDispatchPlan();
  const retry = useRetryDispatch();
  const confirm = useConfirmAction();
  const form = useRowDialog<PlanRow>();

  const columns: ColumnsType<PlanRow> = [
    {
      key: 'name',
      title: t('plan.fields.name'),
      width: 220,
      fixed: 'left',
      render: (_, r) => (
        <StackCell
          main={<strong>{r.name}</strong>}
          sub={`${r.shedName} · ${r.penIds.length > 0 ? t('plan.penCount', { count: r.penIds.length }) : t('plan.allPens')}`}
        />
      ),
    },
    { key: 'days', title: t('plan.fields.totalDays'), width: 100, align: 'right', render: (_, r) => r.totalDays },
    {
      key: 'stages',
      title: t('plan.stages'),
      width: 360,
      render: (_, r) => (
        <div className="fs-cell-stack">
          {r.stages.map((s, i) => (
            <span key={i}>
              {t('plan.stageLine', { start: s.startDay, end: s.endDay, feed: s.feedName, amount: formatAmount(s.dailyAmount) })}
              {r.steps.some((x) => x.index === i) && <Tag color="orange">{t('plan.stepTag')}</Tag>}
              {r.belowMinimum
                .filter((x) => x.index === i)
                .map((x) => (
                  <Tag
                    key="below"
                    color="red"
                    data-testid="plan-below-minimum"
                    title={t('plan.belowOf', { standard: r.standardName, minimum: formatAmount(x.minimum), day: x.day })}
                  >
                    {t('plan.belowTag')}
                  </Tag>
                ))}
            </span>
          ))}
          {r.standardName !== null && (
            <Typography.Text type={r.belowMinimum.length > 0 ? 'danger' : 'secondary'} className="fs-cell-sub">
              {r.belowMinimum.length > 0
                ? r.belowMinimum
                    .map((x) => t('plan.belowOf', { standard: r.standardName, minimum: formatAmount(x.minimum), day: x.day }))
                    .join(' · ')
                : t('plan.keepsStandard', { standard: r.standardName })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      key: 'meals',
      title: t('plan.meals'),
      width: 220,
      render: (_, r) =>
        r.meals.map((m) => `${minuteText(m.startMinute)}–${minuteText(m.endMinute)} ${formatAmount(m.share, 2)} %`).join(', '),
    },
    {
      key: 'dispatch',
      title: t('plan.dispatch'),
      width: 230,
      render: (_, r) => (
        <StackCell
          main={
            <span>
              <Tag color={STATUS_COLOR[r.dispatchStatus]} data-testid="plan-status">
                {t(`plan.statuses.${r.dispatchStatus}`)}
              </Tag>
              {t(`plan.modes.${r.dispatchMode}`)}
              {r.dispatchAt !== null && ` · ${formatDateTime(r.dispatchAt)}`}
            </span>
          }
          sub={
            r.dispatch.feeders > 0
              ? t('plan.counts', { sent: r.dispatch.sent, pending: r.dispatch.notSent + r.dispatch.sending, failed: r.dispatch.failed })
              : null
          }
        />
      ),
    },
    editDeleteColumn<PlanRow>(t, 'plan', 260, {
      names: (r) => ({ name: r.name }),
      edit: form.edit,
      remove: (r) => remove.mutateAsync(r.id),
      between: (r) => (
        <>
          <RowAction
            compact={false}
            icon={<SendOutlined />}
            label={t('plan.dispatchOf', { name: r.name })}
            text={t('plan.dispatchAction')}
            onClick={() =>
              confirm({
                title: t('plan.dispatchTitle', { name: r.name }),
                content: r.dispatchMode === 'timed' ? t('plan.dispatchTimed') : t('plan.dispatchNow'),
                okText: t('plan.dispatchAction'),
                run: () => dispatch.mutateAsync(r.id),
                done: (res) => t(`plan.statuses.${res.dispatchStatus}`),
              })
            }
          />
          {r.dispatch.failed > 0 && (
            <RowAction
              compact={false}
              icon={<RedoOutlined />}
              label={t('plan.retryOf', { name: r.name })}
              text={t('plan.retryAction')}
              onClick={() =>
                confirm({
                  title: t('plan.retryOf', { name: r.name }),
                  content: t('plan.counts', {
                    sent: r.dispatch.sent,
                    pending: r.dispatch.notSent + r.dispatch.sending,
                    failed: r.dispatch.failed,
                  }),
                  okText: t('plan.retryAction'),
                  run: () => retry.mutateAsync(r.id),
                  done: (res) => t('plan.retried', { count: res.retried }),
                })
              }
            />
          )}
        </>
      ),
    }),
  ];

  return (
    <ListPage
      list={list}
      page={page}
      head={{
        title: menuLabel('accurate-feeding.plan'),
        subtitle: t('plan.subtitle'),
        addLabel: t('plan.add'),
        onAdd: form.add,
        addDisabled: choice.farmId === undefined,
        actions: <FarmSelect id="plan-farm" choice={choice} onPicked={() => list.apply({ shedId: undefined })} />,
      }}
      filterLabel={t('filters.label')}
      filters={[
        houseFilter(sheds, 'plan-shed', t('plan.fields.shed')),
        { text: 'name', id: 'plan-name', label: t('plan.fields.name'), width: 220 },
        {
          select: 'dispatchStatus',
          id: 'plan-status',
          label: t('plan.fields.dispatchStatus'),
          width: 180,
          options: DISPATCH_STATUSES.map((s) => ({ value: s, label: t(`plan.statuses.${s}`) })),
        },
      ]}
      table={{ label: t('plan.table'), columns, empty: t('plan.empty'), noMatch: t('filters.noMatch'), scroll: { x: 1400 } }}
    >
      {form.open && choice.farmId !== undefined && (
        <PlanFormDialog plan={form.row} farmId={choice.farmId} farmType={choice.farm?.type} onClose={form.close} />
      )}
    </ListPage>
  );
}
