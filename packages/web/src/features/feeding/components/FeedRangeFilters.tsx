import { useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useShedOptions, type FarmChoice } from '../../../app/farm';
import { DateRangePicker, type DateRange } from '../../../ui/DateRangePicker';
import { FarmField } from '../../../ui/FarmSelect';
import { FilterBar, FilterField } from '../../../ui/FilterBar';
import { SelectFilter } from '../../../ui/SelectFilter';
import { numberFilter } from '../../../ui/list/useListPage';
import { useRecordPens } from '../recordsApi';

/** The address filters of a feeding report over farm days: house and range (ms). */
export const RANGE_FILTERS = { shedId: numberFilter, start: numberFilter, end: numberFilter };
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

/**
 * The filter bar of a feeding report: farm, house (all by default), with `pen` one of the house's
 * pens, the page's own fields (`children`) and the day range, checked against the 30-day rule
 * before any request. A changed farm or house clears the pen.
 */
export function FeedRangeFilters({
  id,
  choice,
  shedId,
  pen,
  range,
  onFilters,
  actions,
  children,
}: {
  /** Prefix of the field ids. */
  id: string;
  choice: FarmChoice;
  shedId: number | undefined;
  /** The pen filter and its value (shown when given). */
  pen?: { penId: number | undefined };
  range: DateRange;
  /** A changed farm (house and pen undefined), house, pen or range. */
  onFilters: (patch: { shedId?: number; penId?: number; start?: number; end?: number }) => void;
  actions?: ReactNode;
  children?: ReactNode;
}): ReactElement {
  const { t } = useTranslation(['feeding', 'common']);
  const sheds = useShedOptions(choice.farmId);
  const pens = useRecordPens(choice.farmId, pen ? shedId : undefined);
  return (
    <FilterBar label={t('filters.label')} actions={actions}>
      <FarmField
        id={`${id}-farm`}
        label={t('feedRecords.fields.farm')}
        width={220}
        choice={choice}
        onPicked={() => onFilters({ shedId: undefined, penId: undefined })}
      />
      <SelectFilter<number>
        id={`${id}-shed`}
        label={t('feedRecords.fields.shed')}
        width={200}
        value={shedId}
        options={sheds.data}
        onChange={(v) => onFilters({ shedId: v, penId: undefined })}
      />
      {pen && (
        <SelectFilter<number>
          id={`${id}-pen`}
          label={t('feedRecords.fields.pen')}
          width={180}
          disabled={shedId === undefined}
          value={shedId === undefined ? undefined : pen.penId}
          options={pens}
          onChange={(v) => onFilters({ penId: v })}
        />
      )}
      {children}
      <FilterField id={`${id}-range`} label={t('feedRecords.range')}>
        <DateRangePicker id={`${id}-range`} value={range} onChange={([a, b]) => onFilters({ start: a.valueOf(), end: b.valueOf() })} />
      </FilterField>
    </FilterBar>
  );
}
