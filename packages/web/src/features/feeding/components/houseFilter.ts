import type { UseQueryResult } from '@tanstack/react-query';
import type { ShedOption } from '../../../app/farm';
import type { SelectFilterSpec } from '../../../ui/list/filters';

/**
 * The house filter (`shedId`) of a feeding list over the chosen farm's houses
 * (`useShedOptions(choice.farmId)`): "All" or one of them, loading while they load.
 */
export function houseFilter(sheds: UseQueryResult<ShedOption[]>, id: string, label: string): SelectFilterSpec<{ shedId?: number }> {
  return { select: 'shedId', id, label, width: 200, options: sheds.data ?? [], loading: sheds.isPending };
}
