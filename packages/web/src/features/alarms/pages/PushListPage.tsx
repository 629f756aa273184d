import { useMemo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PUSH_STATUSES } from '@farmsense/shared';
import { useFarmChoice, useShedOptions } from '../../../app/farm';
import { menuLabel } from '../../../app/i18n/i18n';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { useAddressRange } from '../../../ui/list/useAddressRange';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { FilterFields, type FilterSpec } from '../../../ui/list/filters';
import { numberFilter, oneOfFilter, textFilter, useListPage, type FiltersOf } from '../../../ui/list/useListPage';
import { ListTable } from '../../../ui/list/ListPage';
import { FilterActions, RefreshButton, PageFrame } from '../../../ui/PageParts';
import { pushColumns } from '../components/pushColumns';
import { usePushMessages, type PushListQuery } from '../pushApi';
import '../../../ui/admin.css';

const FILTERS = {
  shedId: numberFilter,
  status: oneOfFilter(PUSH_STATUSES),
  method: oneOfFilter(['sms', 'voice'] as const),
  recipient: textFilter,
  start: numberFilter,
  end: numberFilter,
};
type Filters = FiltersOf<typeof FILTERS>;
/** Without a chosen range the list shows the messages of the last 7 days, up to now. */
const DEFAULT_HOURS = 168;

/**
 * The messages the push sent, newest first: e-mails (`kind` email) or SMS and calls (phone), of
 * a farm, filtered by shed, status, method (phone), recipient and creation time (at most 30 days),
 * all in the address with the page. Each row tells its status, attempts, last failure in the
 * reader's words and how the notification ended.
 */
function PushListPage({ kind }: { kind: 'email' | 'phone' }): ReactElement {
  const { t } = useTranslation(['alarms', 'common']);
  const choice = useFarmChoice();
  const list = useListPage(FILTERS);
  const { filters } = list;
  const sheds = useShedOptions(choice.farmId);
  const code = kind === 'email' ? 'pushmanagement.pushlist' : 'pushmanagement.pushlist-phone';

  const { fixed: fixedRange, range, pick } = useAddressRange(list, DEFAULT_HOURS);
  const query: PushListQuery = {
    pageNo: list.paging.pageNo,
    pageSize: list.paging.pageSize,
    farmId: choice.farmId,
    shedId: filters.shedId,
    status: filters.status,
    recipient: filters.recipient,
    method: kind === 'phone' ? filters.method : undefined,
    startTime: range[0].valueOf(),
    // Open-ended by default: messages sent after the page opened still show on a reload.
    endTime: fixedRange ? filters.end : undefined,
  };
  const page = usePushMessages(kind, query, choice.farmId !== undefined);
  const columns = useMemo(() => pushColumns(t, kind === 'phone'), [t, kind]);

  const specs: FilterSpec<Filters>[] = [
    {
      select: 'shedId',
      id: 'push-shed',
      label: t('records.shed'),
      width: 160,
      search: true,
      loading: sheds.isPending && choice.farmId !== undefined,
      options: sheds.data ?? [],
    },
    {
      select: 'status',
      id: 'push-status',
      label: t('pushList.columns.status'),
      width: 130,
      options: PUSH_STATUSES.map((s) => ({ value: s, label: t(`pushList.statuses.${s}`) })),
    },
    ...(kind === 'phone'
      ? [
          {
            select: 'method',
            id: 'push-method',
            label: t('pushList.columns.method'),
            width: 130,
            options: (['sms', 'voice'] as const).map((m) => ({ value: m, label: t(`push.methods.${m}`) })),
          } satisfies FilterSpec<Filters>,
        ]
      : []),
    { text: 'recipient', id: 'push-recipient', label: t('pushList.columns.recipient'), width: 200 },
  ];

  return (
    <PageFrame head={{ title: menuLabel(code), subtitle: t(`pushList.subtitle_${kind}`) }}>
      <FilterBar
        label={t('pushList.filters')}
        actions={
          <>
            <FilterActions onReset={list.clear} onSearch={list.search} />
            <RefreshButton query={page} />
          </>
        }
      >
        <FarmField
          id="push-farm"
          label={t('records.farm')}
          width={200}
          choice={choice}
          onPicked={() => list.apply({ shedId: undefined })}
        />
        <FilterFields list={list} specs={specs} />
        <FilterField id="push-range" label={t('records.time')}>
          <DateRangePicker id="push-range" value={range} onChange={pick} />
        </FilterField>
      </FilterBar>
      <ListTable
        list={list}
        page={page}
        label={menuLabel(code)}
        size="middle"
        columns={columns}
        emptyText={t('pushList.empty')}
        scroll={{ x: kind === 'phone' ? 1700 : 1600 }}
      />
    </PageFrame>
  );
}

/** /pushmanagement/pushlist: the alarm e-mails. */
export function PushEmailListPage(): ReactElement {
  return <PushListPage kind="email" />;
}

/** /pushmanagement/pushlist-phone: the alarm SMS and calls. */
export function PushPhoneListPage(): ReactElement {
  return <PushListPage kind="phone" />;
}
