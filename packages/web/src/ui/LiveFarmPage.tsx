import type { ReactElement, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { NoFarm, useShedOptions } from '../app/farm';
import { FarmField, type FarmPick } from './FarmSelect';
import { FilterBar } from './FilterBar';
import { numberFilter, useListPage } from './list/useListPage';
import { PageFrame, RefreshButton, type PageHeadProps } from './PageParts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './QueryStates';
import { SelectFilter } from './SelectFilter';

/** The house filter of a live farm page (kept in the address as `shedId`) and the farm's houses. */
export interface LiveShedFilter {
  shedId: number | undefined;
  onShed: (shedId: number | undefined) => void;
  sheds: { value: number; label: string }[] | undefined;
}

const SHED_FILTER = { shedId: numberFilter };

/** The `LiveFarmPage` house filter of the chosen farm. */
export function useLiveShedFilter(farmId: number | undefined): LiveShedFilter {
  const list = useListPage(SHED_FILTER);
  const sheds = useShedOptions(farmId);
  return { shedId: list.filters.shedId, onShed: (shedId) => list.apply({ shedId }), sheds: sheds.data };
}

/**
 * A live farm page (silo status, feeding monitor): the farm, optionally one of its houses, and a
 * refresh button over the query's loading, failed, empty or loaded state (`children(data)`).
 * Picking another farm clears the house. Fields are `${idPrefix}-farm` and `${idPrefix}-shed`,
 * labelled by the caller's texts; without a farm of the type it says so (`NoFarm`).
 */
export function LiveFarmPage<T>({
  head,
  idPrefix,
  texts,
  choice,
  filter,
  query,
  isEmpty,
  children,
}: {
  head: PageHeadProps;
  idPrefix: string;
  texts: { bar: string; farm: string; shed: string; failed: string; empty: string; emptyHint: string };
  choice: FarmPick & { farmType: number };
  filter: LiveShedFilter;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}): ReactElement {
  if (choice.farmId === undefined) return <NoFarm farmType={choice.farmType} />;
  const retry = (): void => void query.refetch();
  return (
    <PageFrame head={head}>
      <FilterBar label={texts.bar} actions={<RefreshButton query={query} />}>
        <FarmField id={`${idPrefix}-farm`} label={texts.farm} width={220} choice={choice} onPicked={() => filter.onShed(undefined)} />
        <SelectFilter<number>
          id={`${idPrefix}-shed`}
          label={texts.shed}
          width={200}
          value={filter.shedId}
          options={filter.sheds}
          onChange={filter.onShed}
        />
      </FilterBar>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorBlock title={texts.failed} onRetry={retry} />
      ) : isEmpty(query.data) ? (
        <EmptyBlock title={texts.empty} hint={texts.emptyHint} />
      ) : (
        children(query.data)
      )}
    </PageFrame>
  );
}
