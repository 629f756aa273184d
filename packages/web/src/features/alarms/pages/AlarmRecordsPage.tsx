import { useCallback, useMemo, useState, type ReactElement } from 'react';
import { Button, Tag } from 'antd';
import { CheckOutlined, ClockCircleOutlined, PauseCircleOutlined, PlayCircleOutlined, UndoOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_LEVELS, ALARM_STATES, type AlarmRow, type AlarmStateFilter } from '@farmsense/shared';
import { toast } from '../../../app/api/toast';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { actionsColumn } from '../../../ui/actionsColumn';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { useAddressRange } from '../../../ui/list/useAddressRange';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { lazyPart } from '../../../ui/lazyPart';
import { choices, FilterFields } from '../../../ui/list/filters';
import { numberFilter, oneOfFilter, useListPage } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { RefreshButton, PageFrame } from '../../../ui/PageParts';
import { RowAction } from '../../../ui/RowAction';
import { useAlarmEvents } from '../../environment';
import { ALARM_KEYS, useAlarmCount, useAlarmPage, useAlarmWrites, type AlarmListQuery } from '../api';
import { alarmColumns } from '../components/alarmColumns';
import type { CommentAction } from '../components/CommentDialog';
import '../../../ui/admin.css';

// The dialogs load when first opened (the list is the page's first view).
const CommentDialog = lazyPart(
  () => import('../components/CommentDialog').then((m) => m.CommentDialog),
  (p) => p.target !== null,
);
const ShelveDialog = lazyPart(
  () => import('../components/ShelveDialog').then((m) => m.ShelveDialog),
  (p) => p.row !== null,
);

const FILTERS = {
  shedId: numberFilter,
  level: oneOfFilter(ALARM_LEVELS),
  state: oneOfFilter(ALARM_STATES),
  kind: oneOfFilter(ALARM_KINDS),
  start: numberFilter,
  end: numberFilter,
};
/** Without a chosen range the list shows the alarms started in the last 7 days, up to now. */
const DEFAULT_HOURS = 168;
/**
 * States of alarms still active: without a chosen range these list every such alarm, however long
 * ago it started, so the bell's count (all active unacknowledged alarms) and its link agree. They
 * are few by nature; the 30-day rule is for explicit ranges.
 */
const ACTIVE_STATES: ReadonlySet<AlarmStateFilter> = new Set(['active', 'activeUnacknowledged', 'activeAcknowledged']);

/**
 * /warningmanagement/warningrecord: the alarms of a farm, newest first, filtered by shed, level,
 * state and start time (at most 30 days, in the address with the page; an active state without a
 * range, as the bell links to, lists those alarms whatever their age); each row can be
 * acknowledged with a comment, released while active, and shelved until a moment or unshelved.
 * Every write, and every alarm event of the live stream, reloads the list and the count of alarms
 * waiting.
 */
export function AlarmRecordsPage(): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const [comment, setComment] = useState<{ action: CommentAction; row: AlarmRow } | null>(null);
  const [shelving, setShelving] = useState<AlarmRow | null>(null);
  const { shelve } = useAlarmWrites();
  const sheds = useShedOptions(choice.farmId);
  const count = useAlarmCount(choice.farmId);
  const client = useQueryClient();
  // Raised, released, acknowledged elsewhere: the list and the count follow the live stream.
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ALARM_KEYS.records }), [client]);
  useAlarmEvents(reload);

  const chosen = useAddressRange(list, DEFAULT_HOURS);
  const fixedRange = chosen.fixed;
  const sinceEver = !fixedRange && filters.state !== undefined && ACTIVE_STATES.has(filters.state);
  const range: DateRange | null = sinceEver ? null : chosen.range;
  const query: AlarmListQuery = {
    pageNo: list.paging.pageNo,
    pageSize: list.paging.pageSize,
    farmId: choice.farmId,
    shedId: filters.shedId,
    level: filters.level,
    state: filters.state,
    kind: filters.kind,
    startTime: range?.[0].valueOf(),
    // Open-ended by default: alarms raised after the page opened still show on a reload.
    endTime: fixedRange ? filters.end : undefined,
  };
  const page = useAlarmPage(query, choice.farmId !== undefined);

  const unshelveAsync = shelve.mutateAsync;
  const loadedAt = page.dataUpdatedAt;
  const columns = useMemo(() => {
    // Shelving is judged as of the loaded list (each write reloads it).
    const now = loadedAt;
    const unshelve = (r: AlarmRow): void => {
      // A refusal was told by the API client; the row stays as it was.
      unshelveAsync({ id: r.id, until: null }).then(
        () => toast.success(t('records.unshelved')),
        () => undefined,
      );
    };
    const named = (key: string, r: AlarmRow): string => t(key, { rule: r.ruleName, shed: r.shedName });
    return [
      ...alarmColumns(t, now),
      actionsColumn<AlarmRow>(
        t('common:actions'),
        240,
        (r) => (
          <>
            {!r.acknowledged && (
              <RowAction
                compact={false}
                primary
                icon={<CheckOutlined />}
                text={t('records.actions.ack')}
                label={named('records.ackOf', r)}
                onClick={() => setComment({ action: 'ack', row: r })}
              />
            )}
            {r.active && (
              <RowAction
                compact={false}
                icon={<UndoOutlined />}
                text={t('records.actions.clear')}
                label={named('records.clearOf', r)}
                onClick={() => setComment({ action: 'clear', row: r })}
              />
            )}
            {r.shelvedUntil !== null && r.shelvedUntil > now ? (
              <RowAction
                compact={false}
                icon={<PlayCircleOutlined />}
                text={t('records.actions.unshelve')}
                label={named('records.unshelveOf', r)}
                onClick={() => unshelve(r)}
              />
            ) : (
              r.active && (
                <RowAction
                  compact={false}
                  icon={<PauseCircleOutlined />}
                  text={t('records.actions.shelve')}
                  label={named('records.shelveOf', r)}
                  onClick={() => setShelving(r)}
                />
              )
            )}
          </>
        ),
        { wrap: true },
      ),
    ];
  }, [t, loadedAt, unshelveAsync]);

  return (
    <PageFrame
      head={{
        title: menuLabel('warningmanagement.warningrecord'),
        subtitle: t('records.subtitle'),
        actions: count.data && (
          <span aria-label={t('records.counts')} data-testid="alarm-counts">
            <ClockCircleOutlined /> {t('records.counts')}:{' '}
            {ALARM_LEVELS.map((l) => (
              <Tag key={l} color={l === 1 ? 'red' : l === 2 ? 'orange' : 'blue'}>
                {t(`levels.${l}`)} {count.data[l === 1 ? 'high' : l === 2 ? 'medium' : 'low']}
              </Tag>
            ))}
          </span>
        ),
      }}
      after={
        <>
          <CommentDialog target={comment} onClose={() => setComment(null)} />
          <ShelveDialog row={shelving} onClose={() => setShelving(null)} />
        </>
      }
    >
      <FilterBar
        label={t('records.filters')}
        actions={
          <>
            <Button icon={<UndoOutlined />} onClick={list.clear}>
              {t('common:reset')}
            </Button>
            <RefreshButton query={page} primary />
          </>
        }
      >
        <FarmField
          id="alarm-farm"
          label={t('records.farm')}
          width={200}
          choice={choice}
          onPicked={() => list.apply({ shedId: undefined })}
        />
        <FilterFields
          list={list}
          applyNow
          specs={[
            {
              select: 'shedId',
              id: 'alarm-shed',
              label: t('records.shed'),
              width: 160,
              placeholder: t('records.allSheds'),
              options: sheds.data ?? [],
              search: true,
              loading: sheds.isPending && choice.farmId !== undefined,
            },
            {
              select: 'level',
              id: 'alarm-level',
              label: t('records.level'),
              width: 120,
              options: choices(ALARM_LEVELS, (l) => t(`levels.${l}`)),
            },
            {
              select: 'state',
              id: 'alarm-state',
              label: t('records.state'),
              width: 220,
              options: choices(ALARM_STATES, (v) => t(`states.${v}`)),
            },
            {
              select: 'kind',
              id: 'alarm-kind',
              label: t('records.kind'),
              width: 160,
              options: choices(ALARM_KINDS, (k) => t(`kinds.${k}`)),
            },
          ]}
        />
        <FilterField id="alarm-range" label={t('records.time')}>
          <DateRangePicker id="alarm-range" value={range} onChange={chosen.pick} />
        </FilterField>
      </FilterBar>
      <ListTable
        list={list}
        page={page}
        label={t('records.table')}
        size="middle"
        columns={columns}
        emptyText={t('records.empty')}
        scroll={{ x: 1600 }}
      />
    </PageFrame>
  );
}
