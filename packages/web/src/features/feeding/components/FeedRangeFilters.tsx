import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useFarmChoice, useShedOptions, type FarmChoice } from '../../../app/farm';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { SelectFilter } from '../../../ui/SelectFilter';
import { numberFilter, useListPage, type FiltersOf, type ListPageState } from '../../../ui/list/useListPage';
import type { FeedRangeAsk } from '../analysisApi';
import { useRecordPens } from '../recordsApi';

/** The address filters of a feeding report over farm days: house and range (ms). */
export const RANGE_FILTERS = { shedId: numberFilter, start: numberFilter, end: numberFilter };
/** The same with one pen of the house. */
export const PEN_RANGE_FILTERS = { ...RANGE_FILTERS, penId: numberFilter };
/** Without a chosen range the last seven days show, today included. */
const DEFAULT_DAYS = 7;

/**
 * The range of the address, else the last seven days up to when the page opened (with `wholeToday`,
 * to the end of that day: a list of what is still being sent).
 */
export function useFeedRange(filters: { start?: number; end?: number }, { wholeToday = false } = {}): DateRange {
  const [opened] = useState(() => dayjs());
  return filters.start !== undefined && filters.end !== undefined
    ? [dayjs(filters.start), dayjs(filters.end)]
    : [opened.subtract(DEFAULT_DAYS - 1, 'day').startOf('day'), wholeToday ? opened.endOf('day') : opened];
}

/** A feeding report over farm days (`useFeedReport`): its farm, filters in the address and query. */
export interface FeedReport<F> {
  choice: FarmChoice;
  /** The farm is known (the query is sent; else the page says "no farm"). */
  ready: boolean;
  list: ListPageState<F>;
  range: DateRange;
  /** What every feeding report asks: the farm (0 before one is chosen), the house and the range (ms). */
  ask: FeedRangeAsk;
  /** The pen filter (PEN_RANGE_FILTERS), which counts only while a house is chosen. */
  penId: number | undefined;
}

/**
 * The state of a feeding report page (records, amounts, analysis, alarms, intake, feed-now): the
 * chosen farm, the filters of `schema` (RANGE_FILTERS and the page's own) kept in the address, the
 * range they name (`useFeedRange`) and the query the report's endpoint takes. Its filter bar is
 * `FeedRangeFilters` given the report.
 */
export function useFeedReport<S extends typeof RANGE_FILTERS>(schema: S, options: { wholeToday?: boolean } = {}): FeedReport<FiltersOf<S>> {
  const choice = useFarmChoice();
  const list = useListPage(schema);
  // Every schema holds RANGE_FILTERS' keys, and perhaps a pen.
  const filters = list.filters as FiltersOf<typeof PEN_RANGE_FILTERS>;
  const range = useFeedRange(filters, options);
  return {
    choice,
    ready: choice.farmId !== undefined,
    list,
    range,
    ask: { farmId: choice.farmId ?? 0, shedId: filters.shedId, startTime: range[0].valueOf(), endTime: range[1].valueOf() },
    penId: filters.shedId === undefined ? undefined : filters.penId,
  };
}

/** A patch of a feeding report's filters: a farm (house and pen undefined), house, pen or range. */
export type FeedRangePatch = { shedId?: number; penId?: number; start?: number; end?: number };

/**
 * The filter bar of a feeding report: farm, house (all by default), with `pen` one of the house's
 * pens, the page's own fields (`children`) and the day range, checked against the 30-day rule
 * before any request. A changed farm or house clears the pen. Changes go to the report's list
 * unless `onFilters` takes them.
 */
export function FeedRangeFilters({
  id,
  report,
  pen = false,
  onFilters,
  actions,
  children,
}: {
  /** Prefix of the field ids. */
  id: string;
  report: FeedReport<FiltersOf<typeof PEN_RANGE_FILTERS>>;
  /** Shows the pen filter. */
  pen?: boolean;
  onFilters?: (patch: FeedRangePatch) => void;
  actions?: ReactNode;
  children?: ReactNode;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const { choice, range } = report;
  const { shedId } = report.ask;
  const change = onFilters ?? report.list.apply;
  const sheds = useShedOptions(choice.farmId);
  const pens = useRecordPens(choice.farmId, pen ? shedId : undefined);
  return (
    <FilterBar label={t('filters.label')} actions={actions}>
      <FarmField
        id={`${id}-farm`}
        label={t('feedRecords.fields.farm')}
        width={220}
        choice={choice}
        onPicked={() => change({ shedId: undefined, penId: undefined })}
      />
      <SelectFilter<number>
        id={`${id}-shed`}
        label={t('feedRecords.fields.shed')}
        width={200}
        value={shedId}
        options={sheds.data}
        onChange={(v) => change({ shedId: v, penId: undefined })}
      />
      {pen && (
        <SelectFilter<number>
          id={`${id}-pen`}
          label={t('feedRecords.fields.pen')}
          width={180}
          disabled={shedId === undefined}
          value={report.penId}
          options={pens}
          onChange={(v) => change({ penId: v })}
        />
      )}
      {children}
      <FilterField id={`${id}-range`} label={t('feedRecords.range')}>
        <DateRangePicker id={`${id}-range`} value={range} onChange={([a, b]) => change({ start: a.valueOf(), end: b.valueOf() })} />
      </FilterField>
    </FilterBar>
  );
}
