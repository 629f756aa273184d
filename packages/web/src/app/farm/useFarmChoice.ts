import { useMemo } from 'react';
import type { FarmInfo } from '../api/types';
import { useAppStore } from '../stores/appStore';
import { farmTypeOfMode } from '../menu/farmMode';
import { useFarms } from '../auth/queries';

/**
 * The farm a farm-scoped page shows: the one last chosen for that farm type (remembered across
 * pages and restarts), else the first one. Pig pages use pig farms (1), poultry pages poultry
 * farms (2), common pages (reports, devices) the farms of the current pig/poultry mode.
 */
export interface FarmChoice {
  farmType: number;
  farms: FarmInfo[];
  farmId: number | undefined;
  farm: FarmInfo | undefined;
  select: (farmId: number) => void;
}

export function useFarmChoice(farmType?: 1 | 2): FarmChoice {
  const mode = useAppStore((s) => s.wholeFarmType);
  const type = farmType ?? farmTypeOfMode(mode);
  const allFarms = useFarms();
  const stored = useAppStore((s) => s.selectedFarms[String(type)]);
  const selectFarm = useAppStore((s) => s.selectFarm);
  const farms = useMemo(() => allFarms.filter((f) => f.type === type), [allFarms, type]);
  const farm = farms.find((f) => f.id === stored) ?? farms[0];
  return { farmType: type, farms, farmId: farm?.id, farm, select: (id) => selectFarm(type, id) };
}
